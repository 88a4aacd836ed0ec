import {
  Button,
  formatCents,
  type HttpClient,
  type LoadState,
  LoadView,
  useServices,
  useTranslation,
} from '@core'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { CLAIM_BENEFITS, type Claim, type ClaimsReply, isClaimBenefit } from '../claim-contract'
import { DateText } from './Amount'
import { ledgerApi, saveFile } from './ledger-api'
import s from './styles'

/** A day (YYYY-MM-DD) as the member's language writes it, without a time zone shifting it. */
export function dayText(day: string, lng: string): string {
  const d = new Date(`${day}T12:00:00Z`)
  if (Number.isNaN(d.getTime())) return day
  return new Intl.DateTimeFormat(lng === 'es' ? 'es-US' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(d)
}

/** The claim statuses as the badges of the account pages colour them. */
const BADGE: Record<Claim['status'], string> = {
  in_review: 's-pending',
  approved: 's-payable',
  rejected: 's-declined',
}

/**
 * Links to the claim form: the one of `type` when it pays by claim, else one per benefit that does
 * (the rebates pages).
 */
export function ClaimLinks({ type }: { type?: string }) {
  const { t } = useTranslation('account')
  const types = type ? (isClaimBenefit(type) ? [type] : []) : CLAIM_BENEFITS
  if (!types.length) return null
  return (
    <nav aria-label={t('claims.fileLinks')} className={s.actions} data-testid="claim-links">
      {types.map((b) => (
        <Link key={b} to={`/account/rebates/${b}/claim`}>
          {t('claims.fileLink', { type: t(`benefit.${b}`, { defaultValue: b }) })}
        </Link>
      ))}
    </nav>
  )
}

/** The member's rebate claims (of one benefit, or all), each with its status, reason and receipt. */
export function RebateClaimsList({ load }: { load: LoadState<ClaimsReply> & { retry: () => void } }) {
  const { t } = useTranslation('account')
  return (
    <section aria-labelledby="claims-list-title" className={s.card}>
      <h2 id="claims-list-title">{t('claims.title')}</h2>
      <LoadView load={load} what={t('claims.failed')} rows={2}>
        {(r) =>
          r.data.length ? (
            <ul className={s.list} data-testid="rebate-claims">
              {r.data.map((c) => (
                <ClaimItem key={c.id} claim={c} />
              ))}
            </ul>
          ) : (
            <p className={s.muted} data-testid="rebate-claims-empty">
              {t('claims.empty')}
            </p>
          )
        }
      </LoadView>
    </section>
  )
}

function ClaimItem({ claim: c }: { claim: Claim }) {
  const { t, i18n } = useTranslation('account')
  const lng = i18n.language
  const { http } = useServices()
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const status =
    c.status === 'approved'
      ? t('claims.status.approved', { amount: formatCents(c.approved_cents ?? c.amount_cents, lng) })
      : t(`claims.status.${c.status}`)
  async function open() {
    setBusy(true)
    setFailed(false)
    try {
      const blob = await receiptOf(http, c.id)
      const ext = c.receipt_type === 'application/pdf' ? 'pdf' : (c.receipt_type.split('/')[1] ?? 'bin')
      saveFile(blob, `receipt-${c.order_number.replace(/[^A-Za-z0-9_-]/g, '_')}.${ext}`)
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <li className={s.card} data-testid="rebate-claim" data-status={c.status}>
      <p>
        <strong>{t(`benefit.${c.benefit_type}`, { defaultValue: c.benefit_type })}</strong> ·{' '}
        {t('claims.orderText', { order: c.order_number, date: dayText(c.order_date, lng) })} ·{' '}
        <span className="money">{formatCents(c.amount_cents, lng)}</span>
      </p>
      <p>
        <span className={`${s.badge} ${s[BADGE[c.status]] ?? ''}`} data-testid="rebate-claim-status">
          {status}
        </span>{' '}
        <span className={s.muted}>
          {t('claims.filed')} <DateText iso={c.created_at} />
        </span>
      </p>
      {c.status === 'rejected' && c.reason ? (
        <p data-testid="rebate-claim-reason">{t('claims.reason', { reason: c.reason })}</p>
      ) : null}
      <p>
        <Button
          variant="link"
          onClick={open}
          disabled={busy}
          aria-label={t('claims.receiptLabel', { order: c.order_number })}
        >
          {t('claims.receipt')}
        </Button>
      </p>
      {failed ? (
        <p role="alert" className={s.fieldError}>
          {t('claims.receiptFailed')}
        </p>
      ) : null}
    </li>
  )
}

const receiptOf = (http: HttpClient, id: number) => ledgerApi(http).receipt(id)
