import { tokenTimes } from '@core'
/**
 * When the client calls POST /api/refresh (SPEC 7, 8).
 *
 * A session restored from the cookie (SPEC 4, first case) is trusted without a server call, so the
 * page paints at once. What a real product adds is a rolling renewal: once the login token is a day
 * old, the next start-up (or the minute check of an open tab) asks the server for a new one. That
 * - keeps a member who keeps coming back signed in past the token's life (a 365-day token that is
 *   never renewed would sign out a daily visitor on the same day a year later);
 * - finds out within a day of the next visit that the session was ended elsewhere (sign-out on
 *   another device, password reset): the server answers success false and the member is sent to
 *   /login with 'You have been logged out' (SPEC 8);
 * - costs at most one extra request a day per member, not one per page load.
 * A token the client cannot read (not a JWT with iat and exp) is left to the server, which treats
 * it as signed out on every call that needs a session.
 */
export const RENEW_AFTER_MS = 86_400_000
/** A failed or repeated renewal (a clock far ahead of the server's) is not tried again sooner than this. */
export const RETRY_AFTER_MS = 3_600_000

/** True when a token issued at `issuedAt` and ending at `expiresAt` should be renewed at `now`. */
export function renewalDue(token: string | undefined, now: number): boolean {
  const times = token ? tokenTimes(token) : null
  if (!times) return false
  return now - times.issuedAt >= RENEW_AFTER_MS || times.expiresAt - now <= RENEW_AFTER_MS
}

interface Renewable {
  readonly authenticated: boolean
  readonly user: { login_token?: string }
  refresh(): Promise<unknown>
}

/** Calls `refresh` when the signed-in member's token is due, once at a time and not more than once an hour. */
export function createRenewer(auth: Renewable, clock: () => number = Date.now) {
  let lastTry = Number.NEGATIVE_INFINITY
  let running: Promise<unknown> | null = null
  return function renewIfDue(): Promise<unknown> | null {
    const now = clock()
    if (running || !auth.authenticated || now - lastTry < RETRY_AFTER_MS) return null
    if (!renewalDue(auth.user.login_token, now)) return null
    lastTry = now
    running = auth.refresh().finally(() => {
      running = null
    })
    return running
  }
}
