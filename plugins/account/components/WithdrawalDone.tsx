import type { Withdrawal } from '../contract'
import { useAccountPages } from '../texts'
import { Amount, DateText, StatusBadge } from './Amount'
import { PayoutDetails } from './PayoutDetails'
import s from './styles'

/** What a payout request booked: the row (held for new details, in review or sending) and when a held one is sent. */
export function WithdrawalDone({ w }: { w: Withdrawal }) {
  const { t } = useAccountPages()
  return (
    <section className={s.success} aria-labelledby="withdrawal-done" data-testid="withdrawal-done">
      <h2 id="withdrawal-done" tabIndex={-1}>
        {t('withdraw.done')}
      </h2>
      <p>
        <Amount amount={Math.abs(w.amount)} currency={w.kind} /> ·{' '}
        {t(`method.${w.method}`, { defaultValue: w.method })} · {w.destination} ·{' '}
        <StatusBadge status={w.status} />
      </p>
      <PayoutDetails w={w} />
      {w.release_at ? (
        <p data-testid="release-at">
          {t('withdraw.releaseAt')} <DateText iso={w.release_at} />.
        </p>
      ) : null}
    </section>
  )
}
