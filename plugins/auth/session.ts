import { HttpError, type PluginContext, pathTo } from '@core'
import { findUrlCredential, homePath, isTokenEntryPath } from './entry'
import type { AuthStoreInstance } from './model'
import { landing } from './redirect'
import { createRenewer } from './renew'
import { runFlow } from './run-flow'

export { storedUser } from './model'

declare module '@core' {
  interface AppEvents {
    /** Ask the auth plugin for the email-entry prompt (set the account's email). */
    'email-prompt': Record<string, never>
  }
}

/**
 * Start-up (runs before the router exists, so a replaced address is what the router starts on):
 * a credential in the URL is removed from the address bar and history first, then used; otherwise
 * the three restore cases of SPEC 4 run. Also wires the events other plugins use.
 */
export async function startAuth(ctx: PluginContext): Promise<void> {
  const auth = ctx.store.auth as AuthStoreInstance
  const { events, config } = ctx.services
  const login = pathTo(config, 'login') ?? '/'
  events.on('open-auth', ({ tab, registerLater }) => auth.openModal(tab, { registerLater }))
  events.on('verify-email-required', () => auth.gate())
  events.on('email-prompt', () => auth.authenticated && auth.openPrompt('email'))

  const renewIfDue = createRenewer(auth)
  const loc = window.location
  const cred = findUrlCredential(config, loc)
  if (cred) {
    window.history.replaceState(null, '', cred.cleanUrl)
    if (cred.kind === 'code' || cred.kind === 'token') {
      // a link's one-time code (issue 25: /token/callback/<code> too; a login token there fails):
      // exchanged once, then on to `next`
      const code = cred.kind === 'code' ? cred.code : cred.token
      const next = cred.kind === 'code' ? cred.next : (cred.next ?? homePath(config))
      const r = await runFlow('loginWithCode', auth, code)
      if (!r.ok) {
        const refused = r.error instanceof HttpError && r.error.status === 422
        auth.showNotice(
          refused ? { key: 'notice.invalidCode', tone: 'error' } : { text: r.message, tone: 'error' },
        )
      }
      window.history.replaceState(null, '', r.ok ? landing(auth, ctx, r.value, next) : login)
    } else if (cred.kind === 'refused') {
      auth.showNotice({ key: 'notice.invalidCode', tone: 'error' })
      window.history.replaceState(null, '', login)
    } else {
      // a provider's answer (OpenID Connect, or the development stand-in): its code is a chunk of its own,
      // loaded only on the callback page, not with every page's start
      await (await import('./social')).finishSocial(auth, ctx, cred)
    }
  } else {
    const r = await auth.restore()
    if (r === 'home' && !isTokenEntryPath(config, loc.pathname) && loc.pathname !== homePath(config)) {
      window.history.replaceState(null, '', homePath(config))
    }
    // A session restored from the cookie renews its token in the background once it is a day old
    // (./renew says why); success false sends the member to /login with 'You have been logged out'.
    if (r === 'restored') void renewIfDue()
  }
  watchCookie(auth, () => void renewIfDue())
}

/**
 * SPEC 8: the login cookie disappearing while signed in logs out (checked on focus and each minute);
 * while the cookie is there, `stillSignedIn` runs (the token renewal of an open tab).
 */
export function watchCookie(auth: AuthStoreInstance, stillSignedIn: () => void = () => {}): () => void {
  const check = () => {
    if (auth.checkCookie() && auth.authenticated) stillSignedIn()
  }
  const onVisible = () => {
    if (document.visibilityState === 'visible') check()
  }
  window.addEventListener('focus', check)
  document.addEventListener('visibilitychange', onVisible)
  const timer = setInterval(check, 60_000)
  return () => {
    window.removeEventListener('focus', check)
    document.removeEventListener('visibilitychange', onVisible)
    clearInterval(timer)
  }
}
