import { Lead, LoadView, Page, useLoad, useServices, useTranslation } from '@core'
import { coinsApi } from '../api'
import { CoinForm } from '../components/CoinForm'
import s from '../components/styles'

/**
 * /account/withdrawal-coin: payable coins paid out as dollars at the rate of constants.json. The
 * member confirms with their password; one idempotency key per attempt makes a double click or a
 * retry pay once.
 */
export default function CoinWithdrawalPage() {
  const { t } = useTranslation('coins')
  return (
    <Page title={t('withdraw.title')} className={s.page} testId="coin-withdrawal-page">
      <CoinWithdrawalView />
    </Page>
  )
}

/** The coin balances and the withdrawal form, without a page frame (the screen and the 'coins.withdrawal' part). */
export function CoinWithdrawalView() {
  const { t } = useTranslation('coins')
  const services = useServices()
  const balances = useLoad('coin-balances', () => coinsApi(services.http).balances())
  return (
    <>
      <Lead>{t('withdraw.lead')}</Lead>
      <LoadView load={balances} what={t('withdraw.failed')} rows={1}>
        {(b) => <CoinForm balances={b} onBalances={balances.set} />}
      </LoadView>
    </>
  )
}
