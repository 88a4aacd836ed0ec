import { HttpError, type PluginContext, pathTo } from '@core'
import { type findUrlCredential, homePath } from './entry'
import type { AuthStoreInstance } from './model'
import { landing, safePath } from './redirect'
import { runFlow } from './run-flow'

/**
 * Social sign-in in the browser (SPEC 2, 4; issue 31): the state kept in the tab, the texts of a sign-in
 * that did not complete, the provider account waiting for an existing account's password, and the
 * finishing of a provider's answer. A chunk of its own: only the callback page and the sign-in dialog's
 * provider links load it, not every page's start.
 */
export type SocialCredential = Extract<NonNullable<ReturnType<typeof findUrlCredential>>, { kind: 'social' }>

const STATE_KEY = 'auth_oauth_state'

/** OAuth state: a one-time nonce kept in this tab plus the same-origin page to return to. */
export function makeOAuthState(redirect: string | null): string {
  const nonce = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')
  try {
    sessionStorage.setItem(STATE_KEY, nonce)
  } catch {
    // without session storage the state cannot be checked; the callback then refuses it
  }
  return `${nonce}.${encodeURIComponent(safePath(redirect) ?? '')}`
}

/** Checks the state against this tab's nonce (used once); gives the safe return path. */
export function readOAuthState(state: string): { valid: boolean; redirect: string | null } {
  let expected: string | null = null
  try {
    expected = sessionStorage.getItem(STATE_KEY)
    sessionStorage.removeItem(STATE_KEY)
  } catch {
    expected = null
  }
  const dot = state.indexOf('.')
  const nonce = dot < 0 ? state : state.slice(0, dot)
  let redirect: string | null = null
  try {
    redirect = dot < 0 ? null : safePath(decodeURIComponent(state.slice(dot + 1)))
  } catch {
    redirect = null
  }
  return { valid: Boolean(expected) && expected === nonce, redirect }
}

/**
 * Issue 31 · the text of a social sign-in that did not complete: the provider's ?error (access_denied:
 * the member cancelled) or the server's code (a used or expired state, the provider not answering).
 */
export function socialFailureKey(reason: string | undefined): string {
  switch (reason) {
    case 'access_denied':
      return 'social.cancelled'
    case 'social_state_invalid':
      return 'social.stateInvalid'
    case 'social_provider_unavailable':
    case 'temporarily_unavailable':
    case 'server_error':
      return 'social.unavailable'
    case 'social_refused':
      return 'social.refused'
    default:
      return 'notice.socialFailed'
  }
}

const LINK_KEY = 'auth_social_link'

/** A provider account waiting for the existing account's password (the exchange's 409), for this tab only. */
export interface PendingSocialLink {
  provider: string
  label: string
  email: string
  linkToken: string
}

export function savePendingLink(link: PendingSocialLink | null): void {
  try {
    if (link) sessionStorage.setItem(LINK_KEY, JSON.stringify(link))
    else sessionStorage.removeItem(LINK_KEY)
  } catch {
    // without session storage the link form cannot show; the member starts again
  }
}

export function readPendingLink(): PendingSocialLink | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(LINK_KEY) ?? 'null') as Partial<PendingSocialLink> | null
    return v && typeof v.linkToken === 'string' && typeof v.email === 'string'
      ? {
          provider: String(v.provider),
          label: String(v.label ?? v.provider),
          email: v.email,
          linkToken: v.linkToken,
        }
      : null
  } catch {
    return null
  }
}

/** The development provider's "code": the identity it vouches for, base64url JSON. */
export function encodeDevCode(identity: { email: string; name?: string }): string {
  const bytes = new TextEncoder().encode(JSON.stringify(identity))
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function decodeDevCode(code: string): { email: string; name?: string } | null {
  try {
    const bin = atob(code.replace(/-/g, '+').replace(/_/g, '/'))
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0))
    const v = JSON.parse(new TextDecoder().decode(bytes)) as { email?: unknown; name?: unknown }
    if (typeof v.email !== 'string') return null
    return { email: v.email, name: typeof v.name === 'string' ? v.name : undefined }
  } catch {
    return null
  }
}

/**
 * Issue 31 · the code an OpenID Connect provider sent back: the server checks state, PKCE and nonce and
 * signs in (on to the page the sign-in started from). An address an account already has waits for its
 * password on the callback page (SPEC 4); any other end shows why at the login page.
 */
async function finishOidc(auth: AuthStoreInstance, ctx: PluginContext, cred: SocialCredential) {
  const { config } = ctx.services
  const login = pathTo(config, 'login') ?? '/'
  savePendingLink(null)
  if (cred.error) {
    auth.showNotice({ key: socialFailureKey(cred.error), tone: 'error' })
    window.history.replaceState(null, '', login)
    return
  }
  const r = await runFlow('socialExchange', auth, cred.provider, {
    code: cred.code,
    state: cred.state,
    ...(cred.iss ? { iss: cred.iss } : {}),
  })
  if (r.ok) {
    window.history.replaceState(null, '', landing(auth, ctx, r.value, homePath(config)))
    return
  }
  const data = (r.error instanceof HttpError ? r.error.data : null) as {
    requires_authentication?: boolean
    link_token?: string
    email?: string
    provider_label?: string
    code?: string
  } | null
  if (data?.requires_authentication && data.link_token && data.email) {
    // the callback page (where the address bar already is) asks for the existing account's password
    savePendingLink({
      provider: cred.provider,
      label: data.provider_label ?? cred.provider,
      email: data.email,
      linkToken: data.link_token,
    })
    return
  }
  auth.showNotice({ key: socialFailureKey(data?.code), tone: 'error' })
  window.history.replaceState(null, '', login)
}

/** The answer a provider sent to /auth/:provider/callback: OpenID Connect's, or the development stand-in's. */
export async function finishSocial(auth: AuthStoreInstance, ctx: PluginContext, cred: SocialCredential) {
  if (cred.provider !== 'dev') return finishOidc(auth, ctx, cred)
  const { config } = ctx.services
  const login = pathTo(config, 'login') ?? '/'
  const state = readOAuthState(cred.state)
  const identity = decodeDevCode(cred.code)
  if (!state.valid || !identity) {
    auth.showNotice({ key: 'notice.socialFailed', tone: 'error' })
    window.history.replaceState(null, '', login)
    return
  }
  const r = await runFlow('socialLogin', auth, cred.provider, identity)
  if (!r.ok) auth.showNotice({ text: r.message, tone: 'error' })
  window.history.replaceState(
    null,
    '',
    r.ok ? landing(auth, ctx, r.value, state.redirect ?? homePath(config)) : login,
  )
}
