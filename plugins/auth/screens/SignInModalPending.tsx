import { useTranslation } from 'react-i18next'
import type { ScreenProps } from '../../../src/routing/build'

/** Stands over the home page on /login and /register until the auth issue builds the real modal. */
export default function SignInModalPending({ tab }: ScreenProps) {
  const { t } = useTranslation('auth')
  const which = tab === 'register' ? 'register' : 'login'
  return (
    <section aria-labelledby="signin-title" data-testid="signin-modal" data-tab={which}>
      <h2 id="signin-title">{t(`modal.${which}`)}</h2>
      <p>{t('modal.pending')}</p>
    </section>
  )
}
