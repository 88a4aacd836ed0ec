import { constants, useServices, useStore } from '@core'
import { useNavigate } from 'react-router-dom'
import type { LoginReply } from '../contract'
import { pathAfterLogin, takeStoredRedirect } from '../redirect'

/**
 * After a sign-in from a form: the stored post-login redirect, else the reply's redirect (both
 * same-origin only), else `fallback` (null: stay on this page); the onboarding rule of SPEC 4 on top.
 */
export function useAfterLogin() {
  const navigate = useNavigate()
  const auth = useStore('auth')
  const { cookies, config } = useServices()
  return (reply: LoginReply | null, fallback: string | null) => {
    const path = pathAfterLogin({
      config,
      stored: takeStoredRedirect(),
      replyRedirect: reply?.redirect,
      fallback,
      currentPath: window.location.pathname,
      user: auth.member,
      redirectToApp: Boolean(cookies.get(constants.redirectToAppCookieName)),
    })
    if (path) navigate(path, { replace: fallback !== null })
  }
}
