import { RouteLink, useServices, useTranslation } from '@core'
import s from './mobile.module.css'

/**
 * What a visitor sees on an app page that needs a member: why, a link that signs in and comes back
 * to `next` (/mobile/force-login-then-redirect, whose guard sends a visitor to sign in), and a button
 * that opens the sign-up form.
 */
export function SignInPrompt({ next }: { next: string }) {
  const { t } = useTranslation('mobile')
  const { events } = useServices()
  return (
    <section aria-labelledby="sign-in-title" data-testid="mobile-sign-in">
      <h2 id="sign-in-title">{t('signIn.title')}</h2>
      <p>{t('signIn.body')}</p>
      <div className={s.body}>
        <RouteLink
          className={s.button}
          route="mobile-force-login-then-redirect"
          suffix={`?next=${encodeURIComponent(next)}`}
          data-testid="mobile-sign-in-link"
        >
          {t('signIn.action')}
        </RouteLink>
        <button
          type="button"
          className={`${s.button} ${s.secondary}`}
          onClick={() => events.emit('open-auth', { tab: 'register' })}
        >
          {t('signIn.join')}
        </button>
      </div>
    </section>
  )
}
