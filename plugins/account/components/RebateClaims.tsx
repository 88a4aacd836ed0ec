import {
  Button,
  formatCents,
  type HttpClient,
  type LoadState,
  LoadView,
  RouteLink,
  surface,
  useServices,
} from '@core'
import { useState } from 'react'
import { ledgerApi } from '../api'
import { CLAIM_BENEFITS, type Claim, type ClaimsReply, isClaimBenefit } from '../claim-contract'
import { useAccountPages } from '../texts'
import { DateText } from './Amount'
import { dayText } from './order-claim'
import { saveFile } from './save-file'
import s from './styles'

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
  const { t } = useAccountPages()
  const types = type ? (isClaimBenefit(type) ? [type] : []) : CLAIM_BENEFITS
  if (!types.length) return null
  return (
    <nav aria-label={t('claims.fileLinks')} className={s.actions} data-testid="claim-links">
      {types.map((b) => (
        <RouteLink key={b} route="account-rebates-benefit-type-claim" params={{ benefit_type: b }}>
          {t('claims.fileLink', { type: t(`benefit.${b}`, { defaultValue: b }) })}
        </RouteLink>
      ))}
    </nav>
  )
}

/** The member's rebate claims (of one benefit, or all), each with its status, reason and receipt. */
export function RebateClaimsList({ load }: { load: LoadState<ClaimsReply> & { retry: () => void } }) {
  const { t } = useAccountPages()
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
  const { t, i18n } = useAccountPages()
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
        <span className={`${surface.pill} ${s[BADGE[c.status]] ?? ''}`} data-testid="rebate-claim-status">
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
