import {
  type Cookies,
  constants,
  HttpError,
  inMobileApp,
  mobileOs,
  pathTo,
  type Services,
  type SessionMember,
  storage,
} from '@core'
import { getEnv, type Instance, types } from 'mobx-state-tree'
import { authApi } from './api'
import type { User as ContractUser, LoginReply } from './contract'

/**
 * The member as the login reply gives it (SPEC 3 "User"). Stored copies written by older builds or
 * tests may lack fields, so every field but the ones the restore compares is optional.
 */
export type User = Partial<ContractUser> & { user_id?: number | string; login_token?: string }

/** SPEC 4: after logout or any error the user is reset to inactive plus and shipping. */
export const SIGNED_OUT_USER: User = Object.freeze({
  plus: { active: false },
  shipping: { active: false },
  subs: { plus: false, shipping: false },
  subscribed: false,
}) as User

/** SPEC 8: the text when a failed call carries no errors object. */
export const GENERIC_ERROR =
  "We're sorry, but we are having technical difficulties, please try again in an hour"

/** SPEC 4 promo credit: the cookie that names the sign-up promo flow. */
export const REGISTER_PROMO_COOKIE = 'register_promo'

export type Tab = 'login' | 'register'
export interface ModalState {
  tab: Tab
  registerLater: boolean
  /** 'route': /login or /register (closing goes home); 'event': opened over the current page. */
  source: 'route' | 'event'
}
/** A short message for the member: an i18n key of the auth namespace, or a server text. */
export interface Notice {
  key?: string
  text?: string
  tone: 'success' | 'error' | 'info'
}
export type Prompt = 'verify' | 'email' | 'merge'

/** The outcome of a call the screens show: ok, or the failure with its field errors. */
export type Outcome<T = unknown> =
  | { ok: true; value: T }
  | { ok: false; error: unknown; errors: Record<string, string[]>; message: string }

/** The server's errors object, or the spec's generic text under `general`. */
export function errorsOf(e: unknown): Record<string, string[]> {
  if (e instanceof HttpError && e.errors && Object.keys(e.errors).length) return e.errors
  return { general: [GENERIC_ERROR] }
}
export function firstOf(errors: Record<string, string[]>): string {
  for (const list of Object.values(errors)) if (list[0]) return list[0]
  return GENERIC_ERROR
}

/** Reads the stored member; anything unreadable or past its expiry counts as absent. */
export function storedUser(now = Date.now()): User | null {
  const raw = storage.get(constants.storageKeys.user)
  if (!raw) return null
  try {
    const v = JSON.parse(raw) as unknown
    if (typeof v !== 'object' || v === null || !('user_id' in v)) return null
    const u = v as User
    if (u.expires && Date.parse(u.expires) < now) return null
    return u
  } catch {
    return null
  }
}

function isLoginReply(r: unknown): r is LoginReply & { login_token: string; user: ContractUser } {
  if (typeof r !== 'object' || r === null) return false
  const o = r as Record<string, unknown>
  return (
    typeof o.login_token === 'string' &&
    o.login_token.length > 0 &&
    typeof o.user === 'object' &&
    o.user !== null &&
    'user_id' in o.user
  )
}

export const AuthStore = types
  .model('AuthStore', {
    authenticated: false,
    status: types.optional(types.enumeration(['empty', 'loading', 'success', 'error']), 'empty'),
    user: types.frozen<User>(SIGNED_OUT_USER),
    /** The last failure's errors object (field -> messages). */
    errors: types.frozen<Record<string, string[]>>({}),
    /** The first of `errors`, as SPEC 8 stores it. */
    error: types.maybeNull(types.string),
  })
  .volatile(() => ({
    modal: null as ModalState | null,
    notice: null as Notice | null,
    prompt: null as Prompt | null,
    /** The address the merge prompt starts with (the one set-email refused). */
    mergeEmail: '',
    /** A navigation the UI performs for the model (after refresh logged the member out, …). */
    navigateTo: null as string | null,
  }))
  .views((self) => ({
    /** 'sm-login' or 'sp-sm-login', from the brand. */
    get defaultAuthPage(): 'sm-login' | 'sp-sm-login' {
      return getEnv<Services>(self).config?.brand?.defaultAuthPage ?? 'sm-login'
    },
    /** The signed-in member, or null for a visitor. */
    get member(): User | null {
      return self.authenticated ? self.user : null
    },
    get isVerified(): boolean {
      return self.authenticated && self.user.is_verified !== false
    },
    /** The member as other plugins may read it (the core's session view, provided by ./view). */
    get view(): SessionMember | null {
      if (!self.authenticated) return null
      const u = self.user
      const coinsOn = getEnv<Services>(self).config?.plugins?.includes('coins') ?? false
      return {
        id: u.user_id ?? '',
        email: u.email ?? '',
        name: u.name ?? '',
        emailVerified: u.is_verified !== false,
        plus: Boolean(u.plus?.active || u.subs?.plus),
        shipping: Boolean(u.shipping?.active || u.subs?.shipping),
        subscriber: Boolean(u.subscribed),
        coins: coinsOn ? Number(u.coin_balance) || 0 : null,
        signedUpAt: typeof u.created_at === 'string' ? u.created_at : null,
        partnerId: u.webpartner_id ?? null,
        allowsPii: u.terms?.pii ?? constants.defaultTerms.pii,
      }
    },
  }))
  .actions((self) => {
    const env = () => getEnv<Services>(self)
    return {
      setStatus(status: 'empty' | 'loading' | 'success' | 'error') {
        self.status = status
      },
      /** Start-up restore, first case: the cookie token matches the stored user. */
      restored(user: User) {
        self.user = user
        self.authenticated = true
        self.status = 'success'
        env().http.setBearer(user.login_token ?? '')
      },
      /**
       * SPEC 4 login success: store the token (cookie) and the user (local storage), both for the
       * login life; set authenticated; send the token as a bearer header.
       */
      applyLogin(reply: unknown): boolean {
        if (!isLoginReply(reply)) return false
        const { cookies, http, events } = env()
        const token = reply.login_token
        const expires =
          reply.user.expires ?? new Date(Date.now() + constants.loginLifeDays * 86_400_000).toISOString()
        const user: User = { ...reply.user, login_token: token, expires }
        cookies.set(constants.loginCookieName, token, { days: constants.loginLifeDays })
        storage.set(constants.storageKeys.user, JSON.stringify(user))
        http.setBearer(token)
        self.user = user
        self.authenticated = true
        self.status = 'success'
        self.errors = {}
        self.error = null
        events.emit('logged-in', { userId: user.user_id ?? '' })
        return true
      },
      /** Replaces the stored member's fields (set-email, sync) without touching the session. */
      updateUser(fields: Partial<User>) {
        if (!self.authenticated) return
        self.user = { ...self.user, ...fields, login_token: self.user.login_token }
        storage.set(constants.storageKeys.user, JSON.stringify(self.user))
      },
      /** SPEC 4 logout or any error: user reset, cookie, local user and bearer header removed. */
      clear() {
        const { cookies, http, events } = env()
        const was = self.authenticated
        self.user = SIGNED_OUT_USER
        self.authenticated = false
        cookies.remove(constants.loginCookieName)
        storage.remove(constants.storageKeys.user)
        http.clearBearer()
        if (self.status !== 'error') self.status = 'empty'
        if (was) events.emit('logged-out', {})
      },
      /** SPEC 8: store the errors (the first one apart), log out. */
      fail(errors: Record<string, string[]>) {
        self.errors = errors
        self.error = firstOf(errors)
        self.status = 'error'
        ;(self as unknown as { clear(): void }).clear()
      },
      clearErrors() {
        self.errors = {}
        self.error = null
        if (self.status === 'error') self.status = self.authenticated ? 'success' : 'empty'
      },
      openModal(tab: Tab, opts: { registerLater?: boolean; source?: 'route' | 'event' } = {}) {
        self.modal = { tab, registerLater: Boolean(opts.registerLater), source: opts.source ?? 'event' }
        self.errors = {}
        self.error = null
      },
      setTab(tab: Tab) {
        if (self.modal) self.modal = { ...self.modal, tab }
      },
      closeModal() {
        self.modal = null
      },
      showNotice(notice: Notice | null) {
        self.notice = notice
      },
      openPrompt(prompt: Prompt | null, mergeEmail = '') {
        self.prompt = prompt
        if (mergeEmail) self.mergeEmail = mergeEmail
      },
      requestNavigation(path: string | null) {
        self.navigateTo = path
      },
    }
  })
  .actions((self) => {
    const env = () => getEnv<Services>(self)
    // Sign-in, sign-up and the account flows are not here: they are their own chunk (./flows, run
    // through ./run-flow), which takes this store as an argument; this module never loads it.

    /** POST /api/sync-token: success false means logged out; a failure logs out and stores the error. */
    async function syncToken(body?: { nocache?: boolean }): Promise<'ok' | 'logged-out' | 'error'> {
      try {
        const reply = await authApi(env().http).syncToken(body)
        if (!reply?.success) {
          self.clear()
          return 'logged-out'
        }
        if (!self.applyLogin(reply)) {
          self.fail({ general: [GENERIC_ERROR] })
          return 'error'
        }
        return 'ok'
      } catch (e) {
        self.fail(errorsOf(e))
        return 'error'
      }
    }

    return {
      syncToken,
      /** POST /api/refresh; success false: logout, /login, 'You have been logged out' (SPEC 8). */
      async refresh(): Promise<'ok' | 'logged-out' | 'error'> {
        try {
          const reply = await authApi(env().http).refresh()
          if (!reply?.success) {
            self.clear()
            self.showNotice({ key: 'notice.loggedOut', tone: 'info' })
            self.requestNavigation(pathTo(env().config, 'login') ?? '/')
            return 'logged-out'
          }
          if (!self.applyLogin(reply)) throw new Error('bad reply')
          return 'ok'
        } catch (e) {
          self.fail(errorsOf(e))
          return 'error'
        }
      },
      /** POST /api/logout (its failure changes nothing), then the local sign-out. */
      async logout(): Promise<void> {
        try {
          if (self.authenticated) await authApi(env().http).logout()
        } catch {
          // the local session ends either way
        }
        self.clear()
      },
      /**
       * Start-up restore (SPEC 4): the cookie token matches the stored user: restored; a cookie
       * without a matching user: token sync; a stored user without the cookie: logout (go home).
       */
      async restore(): Promise<'visitor' | 'restored' | 'synced' | 'logged-out' | 'home'> {
        const { cookies, http } = env()
        const token = cookies.get(constants.loginCookieName)
        const user = storedUser()
        if (token && user && user.login_token === token) {
          self.restored(user)
          return 'restored'
        }
        if (token) {
          self.setStatus('loading')
          http.setBearer(token)
          const r = await syncToken({ nocache: true })
          return r === 'ok' ? 'synced' : 'logged-out'
        }
        if (user || storage.get(constants.storageKeys.user)) {
          self.clear()
          return 'home'
        }
        return 'visitor'
      },
      /** SPEC 8 "Missing cookie while logged in: logout". */
      checkCookie(): boolean {
        if (self.authenticated && !env().cookies.get(constants.loginCookieName)) {
          self.clear()
          return false
        }
        return true
      },
      /**
       * Earning gate (SPEC 4 "Gating", 6): a visitor gets the login tab, an unverified member the
       * 'Please verify your email' prompt. True when the member may go on.
       */
      gate(): boolean {
        if (!self.authenticated) {
          self.openModal('login')
          return false
        }
        if (!self.isVerified) {
          self.openPrompt('verify')
          return false
        }
        return true
      },
    }
  })

export type AuthStoreInstance = Instance<typeof AuthStore>

declare module '@core' {
  interface StoreRegistry {
    auth: AuthStoreInstance
  }
}

/**
 * SPEC 4 "After login": a login in the app's context (the mobile-app cookie on iOS or Android) sets
 * the redirect-to-app cookie for the browser session, so the after-login onboarding rule does not
 * send an app user to /account/onboarding. On a desktop browser the mobile-app cookie is ignored.
 */
export function rememberAppLogin(
  cookies: Cookies,
  userAgent: string = globalThis.navigator?.userAgent ?? '',
): boolean {
  if (!inMobileApp(cookies) || !mobileOs(userAgent)) return false
  cookies.set(constants.redirectToAppCookieName, '1') // no max-age: a session cookie
  return true
}
