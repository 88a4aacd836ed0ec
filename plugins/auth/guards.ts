import { constants, type Guard, type GuardContext, pathTo, storage } from '@core'
import type { AuthStoreInstance } from './model'

function signedIn(ctx: GuardContext): boolean {
  return Boolean((ctx.store.auth as AuthStoreInstance | undefined)?.authenticated)
}

/** The query parameter of a link that is its own key (server/lib/billing/link.ts writes it). */
const LINK_KEY = 'token'

/**
 * Guest only (SPEC 2.1): a signed-in member is sent to /account. A link that carries its own key
 * (`?token=`: the past-due mail's /updatepay_method link, signed for one membership) opens for anyone
 * who holds it: the key, not the session, is what that page acts on, and a member who follows the mail
 * while signed in must reach the card form rather than the account page.
 */
export const guest: Guard = (ctx) =>
  signedIn(ctx) && !ctx.url.searchParams.get(LINK_KEY)
    ? { redirect: pathTo(ctx.services.config, 'account') ?? '/' }
    : undefined

/**
 * Auth required (SPEC 2.1): record the attempt with its path, keep the wanted full path as the
 * post-login redirect, flag a reference parameter in the query, then a full-page load of /login.
 */
export const auth: Guard = (ctx) => {
  if (signedIn(ctx)) return undefined
  const path = `${ctx.url.pathname}${ctx.url.search}`
  ctx.services.events.emit('unauthenticated-attempt', { path })
  storage.set(constants.storageKeys.loginRedirect, path)
  if (ctx.url.searchParams.has(constants.referenceQueryParam)) {
    storage.set(constants.storageKeys.redirectedFromIdentity, '1')
  }
  return { document: pathTo(ctx.services.config, 'login') ?? '/' }
}

/** /awesome (SPEC 2.2): signed-in only; a visitor goes to /thankyou. */
export const signedInOrThankYou: Guard = (ctx) =>
  signedIn(ctx) ? undefined : { redirect: pathTo(ctx.services.config, 'thankyou') ?? '/' }
