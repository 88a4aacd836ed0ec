import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { constants, useStore, useTranslation } from '../../../src/index'
import s from './auth.module.css'
import { serverText } from './text'

const SignInDialog = lazy(() => import('./SignInDialog'))
const PromptHost = lazy(() => import('./PromptHost'))

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

/**
 * The auth plugin's 'app.overlay': the modal, the prompts, the notices. The modal and the prompts are
 * separate chunks loaded when first opened, so a page that never opens them does not download them.
 */
export default observer(function AuthOverlay() {
  const auth = useStore('auth')
  return (
    <>
      {auth.modal ? (
        <Suspense fallback={null}>
          <SignInDialog />
        </Suspense>
      ) : auth.prompt ? (
        <Suspense fallback={null}>
          <PromptHost />
        </Suspense>
      ) : null}
      <NoticeToast />
      <Navigator />
    </>
  )
})
