import { Lead, LoadView, Page, useLoad, useServices, useTranslation } from '../../../src/index'
import s from '../components/account.module.css'
import { CashWithdrawal } from '../components/CashWithdrawal'
import { ledgerApi } from '../components/ledger-api'

/**
 * /account/withdrawal: the payable cash balance paid out to PayPal, a bank account or a gift card.
 * The member confirms with their password; one idempotency key per attempt makes a double click or
 * a retry pay once.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation('account')
  const { http } = useServices()
  const api = ledgerApi(http)
  const balances = useLoad('balances', () => api.balances())
  return (
    <Page title={t('withdraw.title')} className={s.page} testId="withdrawal-page">
      <Lead>{t('withdraw.lead')}</Lead>
      <LoadView load={balances} what={t('withdraw.failed')}>
        {(b) => <CashWithdrawal balances={b} onBalances={balances.set} />}
      </LoadView>
    </Page>
  )
}
