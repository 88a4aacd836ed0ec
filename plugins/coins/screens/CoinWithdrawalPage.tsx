import { LoadedPage, useTranslation } from '../../../src/index'
import { CoinForm } from '../components/CoinForm'
import { coinApi } from '../components/coin-ledger'
import s from '../components/styles'

/**
 * /account/withdrawal-coin: payable coins paid out as dollars at the rate of constants.json. The
 * member confirms with their password; one idempotency key per attempt makes a double click or a
 * retry pay once.
 */
export default function CoinWithdrawalPage() {
  const { t } = useTranslation('coins')
  return (
    <LoadedPage
      title={t('withdraw.title')}
      lead={t('withdraw.lead')}
      className={s.page}
      testId="coin-withdrawal-page"
      loadKey="coin-balances"
      load={({ http }) => coinApi(http).balances()}
      what={t('withdraw.failed')}
      rows={1}
    >
      {(b, set) => <CoinForm balances={b} onBalances={set} />}
    </LoadedPage>
  )
}
