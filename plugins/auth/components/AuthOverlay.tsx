import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { constants } from '../../../src/config/constants'
import { useServices, useStore } from '../../../src/state/context'
import type { LoginReply } from '../contract'
import { homePath } from '../entry'
import type { Tab } from '../model'
import s from './auth.module.css'
import { Dialog } from './Dialog'
import { AuthPanels } from './forms'
import { EmailPrompt, MergePrompt, VerifyPrompt } from './Prompts'
import { serverText } from './text'
import { useAfterLogin } from './useAfterLogin'

/** The sign-in modal, whichever way it was opened (the /login and /register routes, or 'open-auth'). */
const SignInDialog = observer(function SignInDialog() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const { events, config } = useServices()
  const navigate = useNavigate()
  const afterLogin = useAfterLogin()
  const modal = auth.modal
  if (!modal) return null
  const fromRoute = modal.source === 'route'

  function close(signedIn: boolean) {
    auth.closeModal()
    events.emit('auth-closed', { signedIn })
    if (!signedIn && fromRoute) navigate(homePath(config), { replace: true })
  }
  function done(reply: LoginReply, tab: Tab) {
    auth.showNotice(
      tab === 'register'
        ? { key: 'notice.registered', tone: 'success', text: auth.user.email ?? '' }
        : { key: 'notice.welcome', tone: 'success' },
    )
    close(true)
    afterLogin(reply, fromRoute ? homePath(config) : null)
  }
  const variant = config.brand.authModalVariant === 'new' ? 'new' : 'classic'
  const panels = (
    <AuthPanels
      tab={modal.tab}
      onTab={(tab) => auth.setTab(tab)}
      onDone={done}
      onLeave={() => close(false)}
      registerLater={modal.registerLater ? () => close(false) : undefined}
      pitch={modal.registerLater}
    />
  )
  return (
    <Dialog
      title={modal.tab === 'register' ? t('modal.register') : t('modal.login')}
      onClose={() => close(false)}
      closeLabel={t('modal.close')}
      wide={variant === 'new'}
      testId="signin-modal"
      dataAttrs={{ tab: modal.tab, variant }}
    >
      {variant === 'new' ? (
        <div className={s.split}>
          <div>{panels}</div>
          <aside className={s.side} aria-label={t('modal.sideTitle')}>
            <h3>{t('modal.sideTitle')}</h3>
            <ul>
              <li>{t('modal.sideCashback')}</li>
              <li>{t('modal.sideCoupons')}</li>
              <li>{t('modal.sideCoins')}</li>
            </ul>
          </aside>
        </div>
      ) : (
        panels
      )}
    </Dialog>
  )
})

/** Short messages (signed out, email set, …); success ones leave after the success popup time. */
const NoticeToast = observer(function NoticeToast() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const n = auth.notice
  useEffect(() => {
    if (!n) return
    const ms = n.tone === 'success' ? constants.successPopupMs : 8000
    const timer = setTimeout(() => auth.showNotice(null), ms)
    return () => clearTimeout(timer)
  }, [n, auth])
  const text = n ? (n.key ? t(n.key, { email: n.text ?? '' }) : serverText(t, n.text ?? '')) : ''
  return (
    <div role="status" aria-live="polite">
      {n ? (
        <div className={s.toast} data-testid="auth-notice" data-tone={n.tone}>
          <span>{text}</span>
          <button type="button" onClick={() => auth.showNotice(null)} aria-label={t('notice.dismiss')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  )
})

/** Performs the navigations the model asks for (refresh logged out → /login). */
const Navigator = observer(function Navigator() {
  const auth = useStore('auth')
  const navigate = useNavigate()
  const to = auth.navigateTo
  useEffect(() => {
    if (!to) return
    auth.requestNavigation(null)
    navigate(to)
  }, [to, auth, navigate])
  return null
})

const PromptHost = observer(function PromptHost() {
  const auth = useStore('auth')
  if (auth.modal) return null
  if (auth.prompt === 'verify') return <VerifyPrompt />
  if (auth.prompt === 'email') return <EmailPrompt />
  if (auth.prompt === 'merge') return <MergePrompt />
  return null
})

/** The auth plugin's 'app.overlay': the modal, the prompts, the notices. */
export default function AuthOverlay() {
  return (
    <>
      <SignInDialog />
      <PromptHost />
      <NoticeToast />
      <Navigator />
    </>
  )
}
