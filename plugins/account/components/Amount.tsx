import { type DateTexts, formatCents, formatShortDate, formatWhole, surface, useTranslation } from '@core'
import s from './account.module.css'

/** A ledger amount: cash in cents as dollars with 2 decimals (SPEC 9), coins whole. */
export function Amount({ amount, currency }: { amount: number; currency: 'cash' | 'coin' }) {
  const { t, i18n } = useTranslation('account')
  if (currency === 'cash') return <span className="money">{formatCents(amount, i18n.language)}</span>
  // coins are the coins plugin's pages; a coin row met here is still shown whole
  const whole = formatWhole(Math.abs(Math.trunc(amount)), i18n.language)
  return <span>{t('coins', { count: Math.abs(amount), value: amount < 0 ? `(${whole})` : whole })}</span>
}

/** A status word in a coloured badge (pending, payable, paid, …). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('account')
  return (
    <span className={`${surface.pill} ${s[`s-${status}`] ?? ''}`} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  )
}

/** A date (ISO) as the page's language writes it ('Nov 26, 2026'); an unreadable one as it came. */
export function dateText(iso: string, lng: string, t: DateTexts): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : formatShortDate(d, lng, t)
}

/** A date (ISO) the way the page's language writes it. */
export function DateText({ iso }: { iso: string | null | undefined }) {
  const { t, i18n } = useTranslation('account')
  if (!iso) return null
  return <time dateTime={iso}>{dateText(iso, i18n.language, t)}</time>
}
