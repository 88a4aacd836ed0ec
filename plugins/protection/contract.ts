import { int, listReply, str } from '@core/contract'
import { z } from 'zod/mini'

/**
 * API contract of the protection plugin (issue 15): linked retailer, delivery, rideshare, streaming
 * and travel accounts (the linked-accounts service, SPEC 7 `{base}/accounts`), the orders the watcher
 * reads from them, and the claims it files (price, shipping, hotel, car rental, package).
 *
 * Linking is an OAuth-style authorization code flow: POST {base}/accounts/authorize gives the address
 * of the provider's consent page; the provider sends the browser back to GET {base}/callback with a
 * one-time code and our state; the server exchanges the code, keeps only the provider's token
 * (encrypted), and sends the browser on to /order-protection-link?success=1&provider=<id> (or
 * success=0&reason=<LinkFailure>).
 */

/** What kind of account a provider is: the accounts page groups them so. */
export const ProviderKinds = ['retailer', 'delivery', 'rideshare', 'streaming', 'travel'] as const
export type ProviderKind = (typeof ProviderKinds)[number]

/** The providers a member can link. Travel (expedia) brings hotel and car-rental bookings. */
export const ProviderIds = [
  'amazon',
  'walmart',
  'target',
  'bestbuy',
  'doordash',
  'ubereats',
  'instacart',
  'grubhub',
  'uber',
  'lyft',
  'netflix',
  'spotify',
  'expedia',
] as const
export type ProviderId = (typeof ProviderIds)[number]

export const Provider = z.object({
  id: z.enum(ProviderIds),
  /** The provider's own name (a brand name: not translated). */
  name: z.string(),
  kind: z.enum(ProviderKinds),
  /** false: linking is off on this server (no provider adapter, or no encryption key): say so, no button. */
  available: z.boolean(),
})
export type Provider = z.infer<typeof Provider>
export const ProvidersReply = listReply(Provider)

export const LinkedAccountStatuses = ['connected', 'needs_attention'] as const
export const LinkedAccount = z.object({
  id: z.number(),
  provider: z.enum(ProviderIds),
  /** The account at the provider, as the provider names it (its e-mail or login). */
  account_email: z.string(),
  /** needs_attention: the provider refused our token (revoked or expired): link again. */
  status: z.enum(LinkedAccountStatuses),
  created_at: z.string(),
  /** The last sync that worked; null before the first. */
  last_synced_at: z.nullable(z.string()),
  /** The last sync failed (a provider outage): since when, and the provider's words. Null when the last sync worked. */
  sync_error: z.nullable(z.object({ at: z.string(), message: z.string() })),
  /** The member's account page at the provider (the development provider's page can stage events). */
  manage_url: z.nullable(z.string()),
})
export type LinkedAccount = z.infer<typeof LinkedAccount>
export const LinkedAccountsReply = listReply(LinkedAccount)
export const LinkedAccountParams = z.object({ id: int(1, 2_147_483_647) })

export const AuthorizeRequest = z.object({ provider: z.enum(ProviderIds) })
/** The provider's consent page: the browser goes there (a full page load). */
export const AuthorizeReply = z.object({ url: z.string() })
export type AuthorizeReply = z.infer<typeof AuthorizeReply>

/** GET {base}/callback: what the provider sends back (a code and our state, or an error). */
export const CallbackQuery = z.object({
  code: z.optional(str(200)),
  state: z.optional(str(200)),
  error: z.optional(str(100)),
})

/**
 * Why a link did not happen (/order-protection-link?success=0&reason=…):
 * - state: the state parameter is missing or unknown (not a link this member started);
 * - expired: the link was started too long ago (constants.protection.linkStateMinutes);
 * - replay: the code or the state was used already;
 * - other_member: the link was started by another member than the one signed in;
 * - taken: that provider account is linked to another member;
 * - denied: the member said no on the provider's page;
 * - provider: the provider did not answer or refused the code;
 * - unavailable: linking that provider is off on this server.
 */
export const LinkFailures = [
  'state',
  'expired',
  'replay',
  'other_member',
  'taken',
  'denied',
  'provider',
  'unavailable',
] as const
export type LinkFailure = (typeof LinkFailures)[number]

/** POST {base}/sync: read the member's linked accounts now and run the watcher for them. */
export const SyncReply = z.object({
  data: z.array(LinkedAccount),
  /** Claims this check found. */
  claims_found: z.number(),
})
export type SyncReply = z.infer<typeof SyncReply>

/** What an order from a linked account is: a purchase (items shipped), a hotel stay or a car rental. */
export const OrderKinds = ['purchase', 'hotel', 'carrental'] as const
export type OrderKind = (typeof OrderKinds)[number]

export const WatchedOrder = z.object({
  id: z.number(),
  provider: z.enum(ProviderIds),
  kind: z.enum(OrderKinds),
  /** The store, hotel or rental company. */
  merchant: z.string(),
  /** What was bought or booked ("Noise-cancelling headphones", "Harbor View Hotel, 2 nights"). */
  title: z.string(),
  /** The order or booking number at the provider. */
  reference: z.string(),
  ordered_at: z.string(),
  /** What the member paid for the watched item or booking (cents). */
  paid_cents: z.number(),
  /** What it costs now, from the latest check; null before the first price check. */
  current_cents: z.nullable(z.number()),
  /** The last day a lower price or rate still counts. */
  watch_until: z.string(),
  /** Purchases: the delivery promise and the delivery, when known. */
  promised_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  /** Hotel and car rental: check-in or pick-up, and check-out or drop-off. */
  starts_at: z.nullable(z.string()),
  ends_at: z.nullable(z.string()),
  carrier: z.nullable(z.string()),
  tracking_number: z.nullable(z.string()),
})
export type WatchedOrder = z.infer<typeof WatchedOrder>

/** A claim's kind, one per protection page. */
export const ClaimKinds = ['shipping', 'price', 'hotel', 'carrental', 'package'] as const
export type ClaimKind = (typeof ClaimKinds)[number]
/** found -> filed -> approved -> paid (booked on the ledger), or found -> filed -> declined (with the reason). */
export const ClaimStatuses = ['found', 'filed', 'approved', 'paid', 'declined'] as const
export type ClaimStatus = (typeof ClaimStatuses)[number]

export const ClaimEvent = z.object({
  status: z.enum(ClaimStatuses),
  at: z.string(),
  /** The decline reason, or a provider's note; null otherwise. */
  note: z.nullable(z.string()),
})
export type ClaimEvent = z.infer<typeof ClaimEvent>

/** What the finding rests on: the prices compared, or the dates compared. */
export const Evidence = z.object({
  old_cents: z.optional(z.number()),
  new_cents: z.optional(z.number()),
  promised_at: z.optional(z.string()),
  delivered_at: z.optional(z.nullable(z.string())),
  /** Package: the carrier's last status and when it was seen. */
  last_status: z.optional(z.string()),
  last_seen_at: z.optional(z.string()),
})
export type Evidence = z.infer<typeof Evidence>

export const Claim = z.object({
  id: z.number(),
  kind: z.enum(ClaimKinds),
  /** The order it is about (null for claims older than linked orders). */
  order_id: z.nullable(z.number()),
  merchant: z.string(),
  reference: z.string(),
  amount_cents: z.number(),
  status: z.enum(ClaimStatuses),
  evidence: Evidence,
  decline_reason: z.nullable(z.string()),
  /** Paid as test money (issue 25): approved by a stand-in, the development link provider; never paid out. */
  test: z.boolean(),
  /** Every status the claim went through, oldest first. */
  timeline: z.array(ClaimEvent),
  created_at: z.string(),
})
export type Claim = z.infer<typeof Claim>
export const ClaimsQuery = z.object({ kind: z.optional(z.enum(ClaimKinds)) })
export const ClaimsReply = listReply(Claim)

/**
 * A claim the member files about an order of a linked account: a parcel that never came (package) or
 * a late delivery (shipping). Another member's order, or one that does not exist: 404 order_not_found.
 * A claim of that kind for that order already: 409 claim_exists.
 */
export const ClaimRequest = z.object({
  order_id: int(1, 2_147_483_647),
  kind: z.enum(['package', 'shipping']),
  note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
})
export type ClaimRequest = z.infer<typeof ClaimRequest>
export const ClaimReply = z.object({ success: z.boolean(), data: Claim })

/** The four pages that watch orders: what each shows. */
export const WatchKinds = ['price', 'shipping', 'hotel', 'carrental'] as const
export type WatchKind = (typeof WatchKinds)[number]

/** The last known state when a provider did not answer: which providers, and since when. */
export const Notice = z.nullable(z.object({ providers: z.array(z.enum(ProviderIds)), since: z.string() }))
export type Notice = z.infer<typeof Notice>

/** What a protection page (the watch pages and the parcels page) shows beside its list. */
const PageStatus = {
  /** Paid claims of the page's kind in this calendar year (cents). */
  recovered_year_cents: z.number(),
  /** Linked accounts the member has (0: the page invites to link one). */
  linked: z.number(),
  /** The last time any linked account was read; null before the first. */
  checked_at: z.nullable(z.string()),
  notice: Notice,
}

export const OverviewQuery = z.object({ kind: z.enum(WatchKinds) })
export const OverviewReply = z.object({
  /** The watched orders of the page: purchases (price, shipping), hotel stays, car rentals. */
  orders: z.array(WatchedOrder),
  /** The claims of the page's kind, newest first. */
  claims: z.array(Claim),
  ...PageStatus,
})
export type OverviewReply = z.infer<typeof OverviewReply>

export const ParcelStatuses = [
  'label_created',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'lost',
] as const
export type ParcelStatus = (typeof ParcelStatuses)[number]
export const ParcelEvent = z.object({
  status: z.enum(ParcelStatuses),
  at: z.string(),
  /** Where the carrier saw it (a city), if it says. */
  location: z.nullable(z.string()),
})
export const Parcel = z.object({
  /** The order it belongs to. */
  order_id: z.number(),
  merchant: z.string(),
  title: z.string(),
  carrier: z.string(),
  tracking_number: z.string(),
  status: z.enum(ParcelStatuses),
  /** The day the carrier expects to deliver (the promise until it says otherwise); null once delivered. */
  expected_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  /** The carrier's scans, oldest first. */
  events: z.array(ParcelEvent),
  /** A package claim filed for it, if any. */
  claim: z.nullable(Claim),
})
export type Parcel = z.infer<typeof Parcel>
export const ParcelsReply = z.object({ data: z.array(Parcel), ...PageStatus })
export type ParcelsReply = z.infer<typeof ParcelsReply>
