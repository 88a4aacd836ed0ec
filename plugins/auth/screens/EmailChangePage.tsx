import { type ScreenProps, Spinner, useStore, useTranslation } from '@core'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import s from '../components/auth.module.css'
import { Page } from '../components/Page'
import { failureText } from '../components/text'
import { runFlow } from '../run-flow'

/**
 * Issue 25: /email/confirm/:token (the link mailed to a new address: it becomes the sign-in email)
 * and /email/undo/:token (variant "undo", the link mailed to the old address). Either signs out every
 * session of the member; the page then asks to sign in. The token leaves the address bar first.
 */
export default function EmailChangePage({ params, variant }: ScreenProps) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const kind = variant === 'undo' ? 'undo' : 'confirm'
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null)
  const started = useRef<string | null>(null)
  const token = params.token ?? ''

  useEffect(() => {
    // the link works once: StrictMode's second effect must not spend it again
    if (started.current === token) return
    started.current = token
    window.history.replaceState(window.history.state, '', `/email/${kind}`)
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
  }, [auth, token, kind, t])

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
            <Link to="/">{t('action.continue')}</Link>
          ) : (
            <Link to="/login">{t('action.signIn')}</Link>
          )}
        </p>
      ) : null}
    </Page>
  )
}
