import { Part, type ScreenProps, useTranslation } from '@core'
import { MemberPage } from '../components/MemberPage'

/**
 * /mobile/rebates and /mobile/rebates/nonav (`nav: false`: no back link and no tab bar, for a web view
 * with its own navigation): the account plugin's rebates ('account.rebates').
 */
export default function RebatesPage({ nav }: ScreenProps) {
  const { t } = useTranslation('mobile')
  return (
    <MemberPage title={t('rebates.title')} testId="mobile-rebates" nav={nav !== false}>
      <Part
        name="account.rebates"
        typeLinks={false}
        loading={<p role="status">{t('loading')}</p>}
        fallback={<p>{t('rebates.none')}</p>}
      />
    </MemberPage>
  )
}
