import { Figures, LoadFailed, Money, RowsSkeleton, useLoad, useServices } from '@core'
import { ledgerApi } from '../api'
import { getBilling } from '../member/api'
import { useAccountPages } from '../texts'
import s from './styles'

const PAID = new Set(['succeeded', 'paid', 'captured'])

/**
 * A Plus member's year: the plus rebates credited this calendar year (ledger rows of kind plus_rebate)
 * against the membership fees paid this year (the billing payments). It reads the first 100 rows of
 * each; a member with more in a year sees the count it is based on.
 */
export function PlusValue() {
  const { t } = useAccountPages()
  const { http } = useServices()
  const year = new Date().getFullYear()
  const data = useLoad(`plus:${year}`, async () => {
    const [ledger, billing] = await Promise.all([
      ledgerApi(http).ledger({ currency: 'cash', kind: 'plus_rebate', per_page: 100 }),
      getBilling(http),
    ])
    const thisYear = (iso: string) => new Date(iso).getFullYear() === year
    const earned = ledger.data
      .filter((r) => thisYear(r.created_at) && r.status !== 'declined' && r.status !== 'reversed')
      .reduce((n, r) => n + r.amount, 0)
    const fees = billing.payments
      .filter((p) => thisYear(p.created_at) && PAID.has(p.status))
      .reduce((n, p) => n + p.amount_cents, 0)
    return { earned, fees, partial: ledger.total > ledger.data.length }
  })
  return (
    <section aria-labelledby="plus-title" className={s.card} data-testid="plus-value">
      <h2 id="plus-title">{t('plus.title', { year })}</h2>
      {data.status === 'error' ? <LoadFailed error={data.error} onRetry={data.retry} /> : null}
      {!data.data && data.status === 'loading' ? <RowsSkeleton rows={1} /> : null}
      {data.data ? (
        <>
          <Figures
            items={[
              { label: t('plus.earned'), value: <Money cents={data.data.earned} /> },
              { label: t('plus.fees'), value: <Money cents={data.data.fees} /> },
              { label: t('plus.net'), value: <Money cents={data.data.earned - data.data.fees} /> },
            ]}
          />
          {data.data.partial ? <p className={s.muted}>{t('plus.partial')}</p> : null}
        </>
      ) : null}
    </section>
  )
}
