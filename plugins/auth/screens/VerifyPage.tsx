import { Button, RouteLink, type ScreenProps, Spinner, useStore, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import s from '../components/auth.module.css'
import { Page } from '../components/Page'
import { failureText } from '../components/text'
import { runFlow } from '../run-flow'

/** /verify/:token and /pverify/:token (/confirm/:token redirects here): confirms the email once. */
export default observer(function VerifyPage({ params, variant }: ScreenProps) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null)
  const [resent, setResent] = useState<boolean | null>(null)
  const started = useRef<string | null>(null)
  const token = params.token ?? ''

  useEffect(() => {
    // the link works once: StrictMode's second effect must not spend it again
    if (started.current === token) return
    started.current = token
    void runFlow('verify', auth, token).then((r) => {
      setState(r.ok ? { ok: true, text: t('verify.done') } : { ok: false, text: failureText(t, r) })
    })
  }, [auth, token, t])

  return (
    <Page title={variant === 'partner' ? t('verify.titlePartner') : t('verify.title')} testId="verify-page">
      <div role="status">
        {!state ? <Spinner /> : <p className={state.ok ? s.ok : s.alert}>{state.text}</p>}
      </div>
      {state && !state.ok && auth.authenticated && !auth.isVerified ? (
        <div className={s.form}>
          <Button
            variant="secondary"
            onClick={async () => setResent(await runFlow('resendVerification', auth))}
          >
            {t('action.resend')}
          </Button>
          <div role="status">
            {resent === true ? <p className={s.ok}>{t('verify.resent')}</p> : null}
            {resent === false ? <p className={s.alert}>{t('error.resend')}</p> : null}
          </div>
        </div>
      ) : null}
      {state ? (
        <p>
          <RouteLink route="home">{t('action.continue')}</RouteLink>
        </p>
      ) : null}
    </Page>
  )
})
