import { constants, HttpError, type Services, storage } from '@core'
import { getEnv } from 'mobx-state-tree'
import { authApi } from './api'
import type { LoginReply } from './contract'
import {
  type AuthStoreInstance,
  errorsOf,
  firstOf,
  GENERIC_ERROR,
  type Outcome,
  REGISTER_PROMO_COOKIE,
  rememberAppLogin,
} from './model'

/**
 * Sign-in, sign-up and the account flows of the auth store (SPEC 4, 8), in a chunk of their own that
 * ./run-flow loads on first use. Each takes the store and changes it through its actions only; the
 * store does not know this module (the dependency goes one way).
 */
type Store = AuthStoreInstance
const env = (store: Store) => getEnv<Services>(store)

function failure(e: unknown): Extract<Outcome<never>, { ok: false }> {
  const errors = errorsOf(e)
  return { ok: false, error: e, errors, message: firstOf(errors) }
}

/** Login, register, social and token sign-in share this: apply the reply or fail (SPEC 8). */
async function signIn(store: Store, call: () => Promise<unknown>): Promise<Outcome<LoginReply>> {
  store.setStatus('loading')
  try {
    const reply = await call()
    if (!store.applyLogin(reply)) {
      const errors = { general: [(reply as { message?: string })?.message || GENERIC_ERROR] }
      store.fail(errors)
      // the reply itself is the error: its `code` (logged_out, …) picks the text
      return { ok: false, error: reply, errors, message: firstOf(errors) }
    }
    rememberAppLogin(env(store).cookies)
    void promoCredit(store)
    return { ok: true, value: reply as LoginReply }
  } catch (e) {
    const f = failure(e)
    store.fail(f.errors)
    return f
  }
}

/** SPEC 4 promo credit: flow1 or flow5 → give-credit, then a token sync now and 2 s later. */
export async function promoCredit(store: Store): Promise<boolean> {
  const { cookies, http } = env(store)
  const flow = cookies.get(REGISTER_PROMO_COOKIE)
  if (flow !== 'flow1' && flow !== 'flow5') return false
  try {
    await authApi(http).giveCredit(flow)
  } catch (e) {
    // 403: not a promo sign-up, or past the window: asking again at the next sign-in would not change it
    if (e instanceof HttpError && e.status === 403) cookies.remove(REGISTER_PROMO_COOKIE)
    return false
  }
  cookies.remove(REGISTER_PROMO_COOKIE)
  void store.syncToken({ nocache: true })
  setTimeout(() => void store.syncToken({ nocache: true }), constants.promoSecondSyncMs)
  return true
}

/**
 * Sign in. The captcha response goes only when the form has one: the server asks for it (422
 * captcha_required) past failed sign-ins of the address, and the form sends again with it.
 */
export function login(store: Store, form: { email: string; password: string; captcha?: string }) {
  return signIn(store, () =>
    authApi(env(store).http).login({
      email: form.email,
      password: form.password,
      ...(form.captcha ? { 'g-recaptcha-response': form.captcha } : {}),
    }),
  )
}

/** The sign-up fields as both forms send them (trimmed; an empty phone left out): what auth's contract checks. */
export function signupBody(form: { name: string; email: string; password: string; phone?: string }) {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    password: form.password,
    password_confirmation: form.password,
    ...(form.phone?.trim() ? { phone: form.phone.trim() } : {}),
  }
}

export async function register(
  store: Store,
  form: { name: string; email: string; password: string; phone?: string; lander?: string; captcha?: string },
) {
  const { cookies, http } = env(store)
  let attribution: Record<string, string> = {}
  try {
    const raw = cookies.get(constants.attributionCookie.name)
    const a = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
    for (const k of ['sid', 'cid', 'partner'])
      if (typeof a[k] === 'string' && a[k]) attribution[k] = (a[k] as string).slice(0, 100)
  } catch {
    attribution = {}
  }
  const body = {
    ...signupBody(form),
    source: store.defaultAuthPage,
    user_agent: (globalThis.navigator?.userAgent ?? '').slice(0, constants.userAgentMaxLength),
    ...attribution,
    ...referral(),
    ...registerPromo(cookies.get(REGISTER_PROMO_COOKIE)),
    ...(form.lander ? { lander: form.lander } : {}),
    ...(form.captcha ? { 'g-recaptcha-response': form.captcha } : {}),
  }
  const outcome = await signIn(store, () => authApi(http).register(body))
  // the code has done its work: a later account made in this browser is not counted as referred
  if (outcome.ok) storage.remove(constants.storageKeys.referralCode)
  return outcome
}

/** The promo flow of this sign-up (the register_promo cookie, SPEC 4): the server records it, and only then pays the promo credit. */
function registerPromo(flow: string | undefined): { register_promo?: 'flow1' | 'flow5' } {
  return flow === 'flow1' || flow === 'flow5' ? { register_promo: flow } : {}
}

/** The referral code a /refer link left (SPEC 2.6 refer), sent with the registration. */
function referral(): { referral_code?: string } {
  const code = storage.get(constants.storageKeys.referralCode)
  return code && /^[A-Z0-9]{1,20}$/.test(code) ? { referral_code: code } : {}
}

export function socialLogin(store: Store, provider: string, body: { email: string; name?: string }) {
  return signIn(store, () => authApi(env(store).http).socialCallback(provider, body))
}

/** Issue 31 · the code an OpenID Connect provider sent back, exchanged by the server (state, PKCE, nonce). */
export function socialExchange(
  store: Store,
  provider: string,
  body: { code: string; state: string; iss?: string },
) {
  return signIn(store, () => authApi(env(store).http).socialExchange(provider, body))
}

/** The existing account's password links the provider account to it and signs in (SPEC 4). */
export function socialLink(store: Store, linkToken: string, password: string) {
  return signIn(store, () => authApi(env(store).http).socialLink(linkToken, password))
}

/**
 * /mobile/authorized, /token/callback/:code and an upsell page's ?xd=1&token=: a link's one-time code,
 * exchanged once for a session (POST /api/login-code/exchange). A login token is never taken from a URL.
 */
export function loginWithCode(store: Store, code: string) {
  return signIn(store, () => authApi(env(store).http).exchangeLoginCode(code))
}

export async function verify(store: Store, token: string): Promise<Outcome<string>> {
  try {
    const r = await authApi(env(store).http).verify(token)
    if (store.authenticated) await store.syncToken({ nocache: true })
    return { ok: true, value: r?.message ?? '' }
  } catch (e) {
    return failure(e)
  }
}

export async function resendVerification(store: Store): Promise<boolean> {
  try {
    const r = await authApi(env(store).http).resendVerification()
    return r?.success === true
  } catch {
    return false
  }
}

/** A reset link by mail; `captcha` the form's captcha response (needed with a real provider, issue 31). */
export async function requestPasswordReset(
  store: Store,
  email: string,
  captcha?: string,
): Promise<Outcome<string>> {
  try {
    const r = await authApi(env(store).http).requestPasswordReset(email, captcha)
    return { ok: true, value: r?.message ?? '' }
  } catch (e) {
    return failure(e)
  }
}

export async function resetPassword(
  store: Store,
  form: { token: string; email?: string; password: string; password_confirmation: string },
): Promise<Outcome<string>> {
  const body: Record<string, string> = {
    token: form.token,
    password: form.password,
    password_confirmation: form.password_confirmation,
  }
  if (form.email) {
    if (form.email.includes('@')) body.email = form.email
    else body.email_encoded = form.email
  }
  try {
    const r = await authApi(env(store).http).resetPassword(body)
    store.applyLogin(r)
    return { ok: true, value: r?.message ?? '' }
  } catch (e) {
    return failure(e)
  }
}

export async function setEmail(store: Store, email: string): Promise<Outcome<'set' | 'merge'>> {
  try {
    const r = await authApi(env(store).http).setEmail(email)
    if (r?.user) store.updateUser(r.user)
    store.openPrompt(null)
    // issue 25: a new address signs in once the link mailed to it is opened
    store.showNotice(
      r?.pending_email
        ? { key: 'notice.emailChangeSent', text: r.pending_email, tone: 'success' }
        : { key: 'notice.emailSet', tone: 'success' },
    )
    return { ok: true, value: 'set' }
  } catch (e) {
    if (
      e instanceof HttpError &&
      e.status === 409 &&
      (e.data as { requires_authentication?: boolean } | undefined)?.requires_authentication
    ) {
      store.openPrompt('merge', email)
      return { ok: true, value: 'merge' }
    }
    return failure(e)
  }
}

/** Issue 25: mails the pending address its link again, or drops the pending change. */
export async function pendingEmail(store: Store, action: 'resend' | 'cancel'): Promise<Outcome<string>> {
  try {
    const r = await authApi(env(store).http).pendingEmail(action)
    if (r?.user) store.updateUser(r.user)
    return { ok: true, value: r?.code ?? '' }
  } catch (e) {
    return failure(e)
  }
}

/**
 * Issue 25: opens an email-change link (/email/confirm/:token, /email/undo/:token). Either signs out
 * every session of its member: when that was this browser's, it signs out here too, and the member
 * signs in again with the address the link gives.
 */
export async function emailChangeLink(
  store: Store,
  kind: 'confirm' | 'undo',
  token: string,
): Promise<Outcome<string>> {
  try {
    const api = authApi(env(store).http)
    const r = await api.emailChangeLink(kind, token)
    if (store.authenticated) {
      const still = await api.syncToken({ nocache: true }).catch(() => null)
      if (!still?.success) store.clear()
    }
    return { ok: true, value: r?.email ?? '' }
  } catch (e) {
    return failure(e)
  }
}

export async function merge(store: Store, email: string, password: string): Promise<Outcome<null>> {
  try {
    const r = await authApi(env(store).http).merge(email, password)
    if (!store.applyLogin({ ...r, login_token: r?.token ?? r?.login_token })) throw new Error('bad reply')
    store.openPrompt(null)
    store.showNotice({ key: 'notice.merged', tone: 'success' })
    return { ok: true, value: null }
  } catch (e) {
    return failure(e)
  }
}
