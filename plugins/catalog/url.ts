import { pathTo, useServices } from '@core'

/** Only http(s) addresses are ever opened: a merchant URL like `javascript:` is refused. */
export function safeUrl(url: unknown): string | null {
  if (typeof url !== 'string' || !url) return null
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null
  } catch {
    return null
  }
}

/**
 * The store page of a merchant (SPEC 2.6 /{merchant_internal_name}-coupons) and its redirecting page,
 * by route name, in a component.
 */
export function useStorePaths(): {
  store: (merchant: string) => string
  redirecting: (merchant: string) => string
} {
  const { config } = useServices()
  return {
    store: (merchant) => pathTo(config, 'merchant-coupons', { merchant }) ?? '/',
    redirecting: (merchant) => pathTo(config, 'merchant-coupons-redirecting', { merchant }) ?? '/',
  }
}

// One number format, kept: toLocaleString with options builds one per call (a rate history of a
// year formats hundreds of values: 65 ms of a store page's take-over at CPU x4).
let percentFormat: Intl.NumberFormat | undefined

/**
 * A rate as a number comparable across stores: percent in basis points; flat in cents. Whole basis
 * points are written without Intl, as it writes them ('1,234.5%'): a page's first Intl format costs 60
 * to 270 ms on a phone (CPU x4, ICU's locale data), in one task of a store page's take-over.
 */
export function percentOf(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e13 && !Object.is(value, -0)) {
    const abs = Math.abs(value)
    const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    const cents = abs % 100
    const frac = cents === 0 ? '' : cents % 10 === 0 ? `.${cents / 10}` : `.${String(cents).padStart(2, '0')}`
    return `${value < 0 ? '-' : ''}${whole}${frac}%`
  }
  percentFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
  return `${percentFormat.format(value / 100)}%`
}

/** The catalog's offers are cash back and coupons; coin offers (APP, GAME) belong to the coins plugin. */
export const isCatalogOffer = (offer: { offer_type: string }) =>
  offer.offer_type === 'CASHBACK' || offer.offer_type === 'coupon'
