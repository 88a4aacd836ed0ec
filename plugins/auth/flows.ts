import { getEnv } from 'mobx-state-tree'
import { constants, HttpError, type Services, storage } from '../../src/index'
import type { LoginReply } from './contract'
import {
  type AuthStoreInstance,
  errorsOf,
  firstOf,
  GENERIC_ERROR,
  type Outcome,
  REGISTER_PROMO_COOKIE,
  rememberAppLogin,
  type User,
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
    await http.post(flow === 'flow5' ? '/api/give-credit?ucb=flow5' : '/api/give-credit', {})
  } catch {
    return false
  }
  cookies.remove(REGISTER_PROMO_COOKIE)
  void store.syncToken({ nocache: true })
  setTimeout(() => void store.syncToken({ nocache: true }), constants.promoSecondSyncMs)
  return true
}

export function login(store: Store, form: { email: string; password: string; captcha: string }) {
  return signIn(store, () =>
    env(store).http.post('/api/web/login', {
      email: form.email,
      password: form.password,
      'g-recaptcha-response': form.captcha,
    }),
  )
}

export async function register(
  store: Store,
  form: { name: string; email: string; password: string; phone?: string },
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
    name: form.name.trim(),
    email: form.email.trim(),
    password: form.password,
    password_confirmation: form.password,
    ...(form.phone?.trim() ? { phone: form.phone.trim() } : {}),
    source: store.defaultAuthPage,
    user_agent: (globalThis.navigator?.userAgent ?? '').slice(0, constants.userAgentMaxLength),
    ...attribution,
    ...referral(),
  }
  const outcome = await signIn(store, () => http.post('/api/web/register', body))
  // the code has done its work: a later account made in this browser is not counted as referred
  if (outcome.ok) storage.remove(constants.storageKeys.referralCode)
  return outcome
}

/** The referral code a /refer link left (SPEC 2.6 refer), sent with the registration. */
function referral(): { referral_code?: string } {
  const code = storage.get(constants.storageKeys.referralCode)
  return code && /^[A-Z0-9]{1,20}$/.test(code) ? { referral_code: code } : {}
}

export function socialLogin(store: Store, provider: string, body: { email: string; name?: string }) {
  return signIn(store, () => env(store).http.post(`/api/auth/${encodeURIComponent(provider)}/callback`, body))
}

/** /mobile/authorized: a deep link's one-time code, exchanged once for a session (POST /api/mobile/exchange). */
export function loginWithCode(store: Store, code: string) {
  return signIn(store, () => env(store).http.post('/api/mobile/exchange', { code }))
}

export function loginWithToken(store: Store, token: string) {
  const { http } = env(store)
  http.setBearer(token)
  return signIn(store, async () => {
    const reply = await http.post<LoginReply>('/api/sync-token', { nocache: true })
    if (!reply?.success)
      throw new HttpError(
        reply?.message ?? GENERIC_ERROR,
        'status',
        401,
        { token: [reply?.message ?? GENERIC_ERROR] },
        // the reply's code (logged_out) for the text, as the field's code too
        { ...reply, codes: typeof reply?.code === 'string' ? { token: reply.code } : {} },
      )
    return reply
  })
}

export async function verify(store: Store, token: string): Promise<Outcome<string>> {
  try {
    const r = await env(store).http.post<{ message?: string }>('/api/verify', { token })
    if (store.authenticated) await store.syncToken({ nocache: true })
    return { ok: true, value: r?.message ?? '' }
  } catch (e) {
    return failure(e)
  }
}

export async function resendVerification(store: Store): Promise<boolean> {
  try {
    const r = await env(store).http.post<{ success?: boolean }>('/api/verify/resend', {})
    return r?.success === true
  } catch {
    return false
  }
}

export async function requestPasswordReset(store: Store, email: string): Promise<Outcome<string>> {
  try {
    const r = await env(store).http.post<{ message?: string }>('/api/password/reset', { email })
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
    const r = await env(store).http.post<LoginReply>('/api/password/reset', body)
    store.applyLogin(r)
    return { ok: true, value: r?.message ?? '' }
  } catch (e) {
    return failure(e)
  }
}

export async function setEmail(store: Store, email: string): Promise<Outcome<'set' | 'merge'>> {
  try {
    const r = await env(store).http.post<{ user?: User }>('/api/set-email', { email })
    if (r?.user) store.updateUser(r.user)
    store.openPrompt(null)
    store.showNotice({ key: 'notice.emailSet', tone: 'success' })
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

export async function merge(store: Store, email: string, password: string): Promise<Outcome<null>> {
  try {
    const r = await env(store).http.post<{ token?: string; login_token?: string; user?: User }>(
      '/api/authenticate-and-merge',
      { email, password },
    )
    if (!store.applyLogin({ ...r, login_token: r?.token ?? r?.login_token })) throw new Error('bad reply')
    store.openPrompt(null)
    store.showNotice({ key: 'notice.merged', tone: 'success' })
    return { ok: true, value: null }
  } catch (e) {
    return failure(e)
  }
}
