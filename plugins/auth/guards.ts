import { constants, type Guard, type GuardContext, pathTo, storage } from '@core'
import type { AuthStoreInstance } from './model'

function signedIn(ctx: GuardContext): boolean {
  return Boolean((ctx.store.auth as AuthStoreInstance | undefined)?.authenticated)
}

/** Guest only (SPEC 2.1): a signed-in member is sent to /account. */
export const guest: Guard = (ctx) =>
  signedIn(ctx) ? { redirect: pathTo(ctx.services.config, 'account') ?? '/' } : undefined

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
