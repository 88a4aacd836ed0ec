import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import {
  Figures,
  Lead,
  LoadFailed,
  Money,
  Page,
  PayoutForm,
  payoutFormTexts,
  useLoad,
  useServices,
  useSession,
  useTranslation,
} from '../../../src/index'
import {
  type CoinBalancesReply,
  type CoinWithdrawal,
  coinApi,
  coinsToCents,
  formatCoins,
  type PayoutMethod,
} from '../components/coin-ledger'
import s from '../components/coins.module.css'

const CODE_FIELD = {
  below_minimum: 'amount',
  insufficient_balance: 'amount',
  wrong_password: 'password',
} as const

/** Whole coins typed (thousands separators allowed), else null. */
function parseCoins(text: string): number | null {
  const digits = text.trim().replace(/,/g, '')
  return /^\d+$/.test(digits) ? Number(digits) : null
}

/**
 * /account/withdrawal-coin: payable coins paid out as dollars at the rate of constants.json. The
 * member confirms with their password; one idempotency key per attempt makes a double click or a
 * retry pay once.
 */
export default function CoinWithdrawalPage() {
  const { t } = useTranslation('coins')
  const { http } = useServices()
  const balances = useLoad('balances', () => coinApi(http).balances())
  return (
    <Page title={t('withdraw.title')} className={s.page} testId="coin-withdrawal-page">
      <Lead>{t('withdraw.lead')}</Lead>
      {balances.status === 'error' ? (
        <LoadFailed error={balances.error} onRetry={balances.retry} what={t('withdraw.failed')} />
      ) : null}
      {!balances.data && balances.status === 'loading' ? (
        <div role="status" aria-busy="true">
          <span className="visually-hidden">{t('loading')}</span>
          <div className={s.skeleton} />
        </div>
      ) : null}
      {balances.data ? <CoinForm balances={balances.data} onBalances={balances.set} /> : null}
    </Page>
  )
}

function CoinForm({
  balances,
  onBalances,
}: {
  balances: CoinBalancesReply
  onBalances: (b: CoinBalancesReply) => void
}) {
  const { t, i18n } = useTranslation('coins')
  const { http } = useServices()
  const session = useSession()
  const lng = i18n.language
  const [done, setDone] = useState<CoinWithdrawal | null>(null)
  const doneRef = useRef<HTMLHeadingElement>(null)
  const { minimum_coins: minimum, coins_per_dollar: rate, methods } = balances.withdrawal
  const payable = balances.coin.payable
  const coinsText = (n: number) => t('amount', { count: n, value: formatCoins(n, lng) })
  const canWithdraw = payable >= minimum

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
        ]}
      />
      <p data-testid="coin-rate">
        {t('withdraw.rate', { coins: formatCoins(rate, lng) })} <Money cents={100} />
      </p>
      {done ? (
        <section className={s.success} aria-labelledby="coin-done" data-testid="withdrawal-done">
          <h2 id="coin-done" ref={doneRef} tabIndex={-1}>
            {t('withdraw.done')}
          </h2>
          <p>
            {coinsText(Math.abs(done.amount))} · {t(`method.${done.method}`, { defaultValue: done.method })} ·{' '}
            {done.destination} · {t(`status.${done.status}`, { defaultValue: done.status })}
          </p>
          {done.release_at ? (
            <p data-testid="release-at">
              {t('withdraw.releaseAt', {
                date: new Date(done.release_at).toLocaleDateString(lng === 'es' ? 'es-US' : 'en-US', {
                  dateStyle: 'medium',
                }),
              })}
            </p>
          ) : null}
        </section>
      ) : null}
      {!canWithdraw ? (
        <p className={s.card} data-testid="below-minimum">
          {t('withdraw.notYet', { minimum: formatCoins(minimum, lng) })}{' '}
          <Link to="/surveys">{t('history.earn')}</Link>
        </p>
      ) : null}
      <PayoutForm
        titleId="coin-form-title"
        methods={methods}
        texts={texts}
        amount={{ mode: 'numeric', parse: parseCoins, minimum, payable }}
        codeFields={CODE_FIELD}
        onSubmit={async (v, idempotencyKey) => {
          const r = await coinApi(http).withdraw({
            kind: 'coin',
            amount: v.amount,
            method: v.method as PayoutMethod,
            destination: v.destination,
            password: v.password,
            idempotency_key: idempotencyKey,
          })
          setDone(r.data)
          onBalances({ ...balances, ...r.balances })
          void session.resync() // the header's coin balance
          requestAnimationFrame(() => doneRef.current?.focus())
        }}
      />
      <p>
        <Link to="/account/coin/history">{t('withdraw.history')}</Link>
      </p>
    </>
  )
}
