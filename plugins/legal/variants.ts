/** Which text of a page with variants a visitor gets (SPEC 2.6, 6: a shipping partner and the UK differ). */
export type TermsVariant = 'default' | 'shipping'
export type PrivacyVariant = 'default' | 'uk' | 'shipping'
export type PartnerKind = 'shipping' | 'standard' | null | undefined

/** Terms: a shipping partner's brand gets its own terms; every other brand the default ones. */
export function termsVariant(partnerKind: PartnerKind): TermsVariant {
  return partnerKind === 'shipping' ? 'shipping' : 'default'
}

/**
 * Privacy policy: a shipping partner's brand always gets the shipping variant; otherwise a visitor
 * whose country (profile, else IP) is one of `ukCodes` (UK or GB) gets the UK/GDPR variant. An
 * unknown country (still loading, or the lookup failed) gets the default policy.
 */
export function privacyVariant(
  partnerKind: PartnerKind,
  countryCode: string | null | undefined,
  ukCodes: readonly string[],
): PrivacyVariant {
  if (partnerKind === 'shipping') return 'shipping'
  const cc = countryCode?.trim().toUpperCase()
  if (cc && ukCodes.some((c) => c.toUpperCase() === cc)) return 'uk'
  return 'default'
}
