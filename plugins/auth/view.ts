import { HttpError, type RegisterForm, type Session, type SessionMember, type SessionResult } from '@core'
import { type AuthStoreInstance, GENERIC_ERROR } from './model'
import { runFlow } from './run-flow'

/**
 * The core's session view, provided by this plugin (`provides.session`): every field reads the auth
 * store, so an observer component re-renders when the member signs in, out or changes.
 */
export function sessionOf(auth: AuthStoreInstance): Session {
  return {
    get authenticated() {
      return auth.authenticated
    },
    get member() {
      return auth.view
    },
    get token() {
      return auth.authenticated ? (auth.user.login_token ?? null) : null
    },
    async register(form: RegisterForm): Promise<SessionResult<SessionMember>> {
      const r = await runFlow('register', auth, form)
      if (!r.ok) {
        const code = (r.error as { code?: unknown } | null)?.code
        const codes =
          r.error instanceof HttpError ? r.error.codes : typeof code === 'string' ? { general: code } : {}
        return { ok: false, errors: r.errors, codes, message: r.message }
      }
      return auth.view
        ? { ok: true, value: auth.view }
        : { ok: false, errors: { general: [GENERIC_ERROR] }, message: GENERIC_ERROR }
    },
    async resync() {
      await auth.syncToken({ nocache: true })
    },
  }
}
