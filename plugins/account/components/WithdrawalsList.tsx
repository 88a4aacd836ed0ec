import { LoadFailed, RowsSkeleton, useLoad, useServices } from '@core'
import { ledgerApi } from '../api'
import { useAccountPages } from '../texts'
import { Amount, DateText, StatusBadge } from './Amount'
import { PayoutDetails } from './PayoutDetails'
import s from './styles'

/** The member's earlier payouts of one kind (GET /api/account/withdrawals), newest first. */
export function WithdrawalsList({ kind, version }: { kind: 'cash' | 'coin'; version: number }) {
  const { t } = useAccountPages()
  const { http } = useServices()
  const list = useLoad(`${kind}:${version}`, () => ledgerApi(http).withdrawals())
  const rows = list.data?.data.filter((w) => w.kind === kind) ?? []
  return (
    <section aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title">{t('withdraw.history')}</h2>
      {list.status === 'error' ? <LoadFailed error={list.error} onRetry={list.retry} /> : null}
      {!list.data && list.status === 'loading' ? <RowsSkeleton rows={2} /> : null}
      {list.data && rows.length === 0 ? <p className={s.muted}>{t('withdraw.none')}</p> : null}
      {rows.length > 0 ? (
        <ul className={s.list} data-testid="withdrawals">
          {rows.map((w) => (
            <li key={w.id} className={s.card} data-testid="withdrawal-row" data-status={w.status}>
              <strong>
                <Amount amount={Math.abs(w.amount)} currency={w.kind} />
              </strong>{' '}
              · {t(`method.${w.method}`, { defaultValue: w.method })} · {w.destination} ·{' '}
              <StatusBadge status={w.status} />
              <div className={s.muted}>
                {t('withdraw.requested')} <DateText iso={w.created_at} />
                {w.release_at && w.status === 'held' ? (
                  <>
                    {' · '}
                    {t('withdraw.releaseAt')} <DateText iso={w.release_at} />
                  </>
                ) : null}
              </div>
              <PayoutDetails w={w} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
