import { Figures, LoadView, TestMoneyLabel, useLoad, useServices, useTranslation } from '@core'
import { ledgerApi } from '../api'
import { Amount, DateText } from './Amount'
import s from './styles'

/**
 * The part 'account.balances': the cash back ready to withdraw and pending (and the coins when
 * `coins`), then the pending rows with the date each is expected to become payable. Built from the
 * purchase history's pieces (Amount, DateText, the ledger API).
 */
export default function BalancesSummary({ coins = false }: { coins?: boolean }) {
  const { t } = useTranslation('account')
  const { http } = useServices()
  const load = useLoad('balances-summary', async () => {
    const api = ledgerApi(http)
    const [balances, pending, confirmed] = await Promise.all([
      api.balances(),
      api.ledger({ currency: 'cash', status: 'pending', per_page: 5 }),
      api.ledger({ currency: 'cash', status: 'confirmed', per_page: 5 }),
    ])
    const rows = [...pending.data, ...confirmed.data].sort((a, b) =>
      (a.expected_at ?? '9').localeCompare(b.expected_at ?? '9'),
    )
    return { balances, rows: rows.slice(0, 5) }
  })
  return (
    <LoadView load={load} what={t('summary.failed')} rows={2}>
      {({ balances: b, rows }) => (
        <>
          <Figures
            testId="balances"
            items={[
              figure(t('history.payable'), b.cash.payable_cents, 'cash', 'cash-payable'),
              figure(t('history.pending'), b.cash.pending_cents, 'cash', 'cash-pending'),
              // test money (booked by a development stand-in) is part of the payable balance, never paid out
              ...(b.test.cash_cents !== 0
                ? [
                    {
                      label: t('summary.testCash'),
                      value: (
                        <>
                          <Amount amount={b.test.cash_cents} currency="cash" /> <TestMoneyLabel />
                        </>
                      ),
                      testId: 'cash-test',
                    },
                    figure(t('summary.withdrawable'), b.withdrawable.cash_cents, 'cash', 'cash-withdrawable'),
                  ]
                : []),
              ...(coins
                ? [
                    figure(t('summary.coinsPayable'), b.coin.payable, 'coin', 'coins-payable'),
                    figure(t('summary.coinsPending'), b.coin.pending, 'coin', 'coins-pending'),
                  ]
                : []),
            ]}
          />
          <section aria-labelledby="pending-rows-title" className={s.card}>
            <h2 id="pending-rows-title">{t('summary.pendingTitle')}</h2>
            {rows.length === 0 ? (
              <p data-testid="pending-none">{t('summary.pendingNone')}</p>
            ) : (
              <ul className={s.list} data-testid="pending-rows">
                {rows.map((r) => (
                  <li key={r.id} data-testid="pending-row">
                    <strong>{r.store ? r.store.name : t(`kind.${r.kind}`)}</strong>{' '}
                    <Amount amount={r.amount} currency="cash" />
                    {r.test ? <TestMoneyLabel /> : null}
                    <br />
                    <span className={s.muted}>
                      {r.expected_at ? (
                        <>
                          {t('summary.payableFrom')} <DateText iso={r.expected_at} />
                        </>
                      ) : (
                        t('summary.payableUnknown')
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </LoadView>
  )
}

/** One figure of the summary: its label, the amount in its currency, and its test id. */
const figure = (label: string, amount: number, currency: 'cash' | 'coin', testId: string) => ({
  label,
  value: <Amount amount={amount} currency={currency} />,
  testId,
})
