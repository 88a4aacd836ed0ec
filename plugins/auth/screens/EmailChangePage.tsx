import { pathTo, RouteLink, type ScreenProps, Spinner, useServices, useStore, useTranslation } from '@core'
import { useEffect, useRef, useState } from 'react'
import s from '../components/auth.module.css'
import { Page } from '../components/Page'
import { failureText } from '../components/text'
import { withoutToken } from '../entry'
import { runFlow } from '../run-flow'

/**
 * Issue 25: /email/confirm/:token (the link mailed to a new address: it becomes the sign-in email)
 * and /email/undo/:token (variant "undo", the link mailed to the old address). Either signs out every
 * session of the member; the page then asks to sign in. The token leaves the address bar first.
 */
export default function EmailChangePage({ params, variant }: ScreenProps) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const { config } = useServices()
  const kind = variant === 'undo' ? 'undo' : 'confirm'
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null)
  const started = useRef<string | null>(null)
  const token = params.token ?? ''

  useEffect(() => {
    // the link works once: StrictMode's second effect must not spend it again
    if (started.current === token) return
    started.current = token
    // the address without the token: the route's path without its last segment
    const page =
      kind === 'undo'
        ? pathTo(config, 'email-undo-token', { token: '-' })
        : pathTo(config, 'email-confirm-token', { token: '-' })
    window.history.replaceState(window.history.state, '', withoutToken(page ?? '/'))
    void runFlow('emailChangeLink', auth, kind, token).then((r) => {
      setState(
        r.ok
          ? {
              ok: true,
              text: t(kind === 'undo' ? 'emailChange.undone' : 'emailChange.confirmed', { email: r.value }),
            }
          : { ok: false, text: failureText(t, r) },
      )
    })
  }, [auth, token, kind, t, config])

  return (
    <Page
      title={kind === 'undo' ? t('emailChange.undoTitle') : t('emailChange.confirmTitle')}
      testId="email-change-page"
    >
      <div role="status" data-testid="email-change-status">
        {state ? (
          <p className={state.ok ? s.ok : s.alert}>{state.text}</p>
        ) : (
          <p>{t('emailChange.working')}</p>
        )}
      </div>
      {state ? null : <Spinner />}
      {state ? (
        <p>
          {auth.authenticated ? (
            <RouteLink route="home">{t('action.continue')}</RouteLink>
          ) : (
            <RouteLink route="login">{t('action.signIn')}</RouteLink>
          )}
        </p>
      ) : null}
    </Page>
  )
}
