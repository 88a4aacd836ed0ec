import { RouteLink, useTranslation } from '@core'
import s from '../components/auth.module.css'
import { Page } from '../components/Page'

/**
 * /auth/:provider/callback. The provider's ?code and ?state are used (and removed from the address
 * bar) before the app renders (session.ts); reaching this screen means the sign-in did not complete.
 */
export default function SocialCallbackPage() {
  const { t } = useTranslation('auth')
  return (
    <Page title={t('social.failed')}>
      <p className={s.alert}>{t('notice.socialFailed')}</p>
      <p>
        <RouteLink route="login">{t('action.backToLogin')}</RouteLink>
      </p>
    </Page>
  )
}
