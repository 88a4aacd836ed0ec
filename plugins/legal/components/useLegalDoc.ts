import { constants, localeOf, useServices, useTranslation } from '@core'
import { useMemo } from 'react'
import { legalContacts } from '../contacts'
import { composeDoc, isLegalDoc, type LegalDoc } from '../doc'

export function formatMoney(amount: number, lng: string): string {
  const { currency, decimals } = constants.numberFormat
  return new Intl.NumberFormat(localeOf(lng), {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount)
}

export function formatDate(iso: string, lng: string): string {
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso)
  if (Number.isNaN(d.getTime())) return iso
  return new Intl.DateTimeFormat(localeOf(lng), { dateStyle: 'long', timeZone: 'UTC' }).format(d)
}

/** Values interpolated into every legal text: brand, partner, contacts and the offer numbers of SPEC 9. */
export function useDocVars(): Record<string, string | number> {
  const { config } = useServices()
  const { i18n } = useTranslation('legal')
  const lng = i18n.language
  return useMemo(
    () => ({
      ...legalContacts,
      brand: config.brand.name,
      partner: config.partner?.partner_name ?? config.brand.name,
      amount: formatMoney(constants.shippingRebateMaxPerMonth, lng),
      bonus: formatMoney(constants.couponBonusDollars, lng),
      days: constants.cashbackClaimWindowDays,
      age: constants.minimumAge,
    }),
    [config, lng],
  )
}

const EMPTY: LegalDoc = { title: '', sections: [] }

/** One document of locales/<lng>/legal.json (`docs.<key>`), interpolated; `base` completes a variant. */
export function useLegalDoc(key: string, base?: string): LegalDoc {
  const { t, i18n } = useTranslation('legal')
  const vars = useDocVars()
  const lng = i18n.language
  // biome-ignore lint/correctness/useExhaustiveDependencies: t changes with the language (lng)
  return useMemo(() => {
    const read = (k: string): LegalDoc => {
      const v: unknown = t(`docs.${k}`, { ...vars, returnObjects: true })
      return isLegalDoc(v) ? v : EMPTY
    }
    const doc = read(key)
    return base ? composeDoc(doc, read(base)) : doc
  }, [key, base, vars, lng])
}
