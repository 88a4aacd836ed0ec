import { constants, useStore } from '@core'
import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useEffect } from 'react'
import { useNavigate } from 'react-router-dom'

const Notice = lazy(() => import('./Notice'))
const SignInDialog = lazy(() => import('./SignInDialog'))
const PromptHost = lazy(() => import('./PromptHost'))

/**
 * Short messages (signed out, email set, …); success ones leave after the success popup time. The
 * live region is always in the page; the message and its texts load when the first one shows.
 */
const NoticeToast = observer(function NoticeToast() {
  const auth = useStore('auth')
  const n = auth.notice
  useEffect(() => {
    if (!n) return
    const ms = n.tone === 'success' ? constants.successPopupMs : 8000
    const timer = setTimeout(() => auth.showNotice(null), ms)
    return () => clearTimeout(timer)
  }, [n, auth])
  return (
    <div role="status" aria-live="polite">
      {n ? (
        <Suspense fallback={null}>
          <Notice notice={n} onDismiss={() => auth.showNotice(null)} />
        </Suspense>
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
 * The auth plugin's 'app.overlay': the modal, the prompts, the notices. The modal, the prompts and the
 * notice are separate chunks loaded when first shown, with the 'auth' texts (their useTranslation
 * suspends until those are in, so no raw key shows): a page that never shows them downloads neither.
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
