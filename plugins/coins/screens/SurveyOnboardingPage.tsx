import { Lead, Page, useServices, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { OnboardingStart } from '../components/OnboardingStart'
import s from '../components/styles'

/** /account/survey/onboarding: the onboarding survey card, or that it is done. */
export default observer(function SurveyOnboardingPage() {
  const { t } = useTranslation('coins')
  const { session } = useServices()
  return (
    <Page title={t('onboardingSurvey.title')} className={s.page} testId="survey-onboarding">
      <Lead>{t('onboardingSurvey.lead')}</Lead>
      <OnboardingStart signedIn={session.authenticated} startLabel={t('onboardingSurvey.start')} />
    </Page>
  )
})
