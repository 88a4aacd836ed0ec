import {
  type BalancesReply,
  Figures,
  localeOf,
  Money,
  PayoutForm,
  payoutFormTexts,
  RouteLink,
  TestMoneyLabel,
  useServices,
  useTranslation,
  type Withdrawal,
  type WithdrawalMethod,
} from '@core'
import { useState } from 'react'
import { coinsApi } from '../api'
import { Announced } from './Announced'
import { coinsToCents, formatCoins } from './coin-ledger'
import s from './styles'

/** Whole coins typed (thousands separators allowed), else null. */
function parseCoins(text: string): number | null {
  const digits = text.trim().replace(/,/g, '')
  return /^\d+$/.test(digits) ? Number(digits) : null
}

/** The coin payout: the coin balances and their worth, the last payout done, the form. */
export function CoinForm({
  balances,
  onBalances,
}: {
  balances: BalancesReply
  onBalances: (b: BalancesReply) => void
}) {
  const { t, i18n } = useTranslation('coins')
  const { http, session } = useServices()
  const lng = i18n.language
  const [done, setDone] = useState<Withdrawal | null>(null)
  const { minimum_coins: minimum, coins_per_dollar: rate, methods } = balances.withdrawal
  const payable = balances.coin.payable
  const coinsText = (n: number) => t('amount', { count: n, value: formatCoins(n, lng) })
  // test coins (booked by a development stand-in) are never paid out: the rest is what can be withdrawn
  const testCoins = balances.test.coins
  const withdrawable = balances.withdrawable.coins
  const canWithdraw = withdrawable >= minimum

  const texts = payoutFormTexts(t, {
    amountHint: (text) => {
      const coins = parseCoins(text)
      return (
        <>
          {t('withdraw.minimum', { minimum: formatCoins(minimum, lng) })}
          {coins ? (
            <>
              {' · '}
              {t('withdraw.youGet')} <Money cents={coinsToCents(coins, rate)} />
            </>
          ) : null}
        </>
      )
    },
    destinationHint: t('withdraw.holdHint', { days: balances.withdrawal.hold_days }),
  })

  return (
    <>
      <Figures
        items={[
          { label: t('withdraw.payable'), value: coinsText(payable), testId: 'coins-payable' },
          { label: t('withdraw.worth'), value: <Money cents={coinsToCents(payable, rate)} /> },
          ...(testCoins !== 0
            ? [
                {
                  label: t('withdraw.testCoins'),
                  value: (
                    <>
                      {coinsText(testCoins)} <TestMoneyLabel />
                    </>
                  ),
                  testId: 'coins-test',
                },
                {
                  label: t('withdraw.withdrawable'),
                  value: coinsText(withdrawable),
                  testId: 'coins-withdrawable',
                },
              ]
            : []),
        ]}
      />
      {testCoins !== 0 ? (
        <p className={s.card} data-testid="test-money-note">
          {t(balances.withdrawal.pays_test_money ? 'withdraw.testNoteDevPayouts' : 'withdraw.testNote')}
        </p>
      ) : null}
      <p data-testid="coin-rate">
        {t('withdraw.rate', { coins: formatCoins(rate, lng) })} <Money cents={100} />
      </p>
      {done ? (
        <Announced className={s.success} title={t('withdraw.done')} testId="withdrawal-done" focus={done}>
          <p>
            {coinsText(Math.abs(done.amount))} · {t(`method.${done.method}`, { defaultValue: done.method })} ·{' '}
            {done.destination} · {t(`status.${done.status}`, { defaultValue: done.status })}
          </p>
          {done.release_at ? (
            <p data-testid="release-at">
              {t('withdraw.releaseAt', {
                date: new Date(done.release_at).toLocaleDateString(localeOf(lng), {
                  dateStyle: 'medium',
                }),
              })}
            </p>
          ) : null}
        </Announced>
      ) : null}
      {!canWithdraw ? (
        <p className={s.card} data-testid="below-minimum">
          {t('withdraw.notYet', { minimum: formatCoins(minimum, lng) })}{' '}
          <RouteLink route="surveys">{t('history.earn')}</RouteLink>
        </p>
      ) : null}
      <PayoutForm
        titleId="coin-form-title"
        methods={methods}
        texts={texts}
        amount={{ mode: 'numeric', parse: parseCoins, minimum, payable }}
        onSubmit={async (request) => {
          const r = await coinsApi(http).withdraw({
            kind: 'coin',
            ...request,
            method: request.method as WithdrawalMethod,
          })
          setDone(r.data)
          // the balances again: what is withdrawable moved too (the reply has the sums only)
          onBalances(
            await coinsApi(http)
              .balances()
              .catch(() => ({ ...balances, ...r.balances })),
          )
          void session.resync() // the header's coin balance
        }}
      />
      <p>
        <RouteLink route="account-coin-history">{t('withdraw.history')}</RouteLink>
      </p>
    </>
  )
}
