import { Part, useTranslation } from '@core'
import { MemberPage } from '../components/MemberPage'

/** /mobile/coin_withdrawal (auth): the coins plugin's withdrawal ('coins.withdrawal'); a brand without coins says so. */
export default function CoinWithdrawalPage() {
  const { t } = useTranslation('mobile')
  return (
    <MemberPage title={t('coinWithdrawal.title')} testId="mobile-coin-withdrawal">
      <Part
        name="coins.withdrawal"
        loading={<p role="status">{t('loading')}</p>}
        fallback={<p data-testid="no-coins">{t('coinWithdrawal.none')}</p>}
      />
    </MemberPage>
  )
}
