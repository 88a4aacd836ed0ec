import { LoadedPage } from '@core'
import { ledgerApi } from '../api'
import s from '../components/account.module.css'
import { CashWithdrawal } from '../components/CashWithdrawal'
import { useAccountPages } from '../texts'

/**
 * /account/withdrawal: the payable cash balance paid out to PayPal, a bank account or a gift card.
 * The member confirms with their password; one idempotency key per attempt makes a double click or
 * a retry pay once.
 */
export default function WithdrawalPage() {
  const { t } = useAccountPages()
  return (
    <LoadedPage
      title={t('withdraw.title')}
      lead={t('withdraw.lead')}
      className={s.page}
      testId="withdrawal-page"
      loadKey="balances"
      load={({ http }) => ledgerApi(http).balances()}
      what={t('withdraw.failed')}
    >
      {(b, set) => <CashWithdrawal balances={b} onBalances={set} />}
    </LoadedPage>
  )
}
