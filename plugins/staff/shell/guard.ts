import { type GuardContext, type GuardResult, HttpError, pathTo, routeAt, type Services } from '@core'
import { staffApi } from './api'
import { setStaff } from './staff-state'

/**
 * Where the sign-in page sends a staff member after signing in: a page of the console (a route named
 * staff or staff-*, not the sign-in page), on this site; else null.
 */
export function nextPath(config: Services['config'], wanted: string | null): string | null {
  if (!wanted?.startsWith('/') || wanted.startsWith('//')) return null
  const name = routeAt(config, new URL(wanted, 'http://x').pathname)?.name
  return name && (name === 'staff' || name.startsWith('staff-')) && name !== 'staff-sign-in' ? wanted : null
}

/**
 * The `staff` guard: a staff session past the second factor, read from /api/staff/me. Without one
 * (401, a member's token 403 staff_only, or a session at the password stage) the sign-in page,
 * keeping the wanted path (?next=).
 */
export async function staffGuard(ctx: GuardContext): Promise<GuardResult> {
  const signIn = () => {
    setStaff(undefined)
    const to = pathTo(ctx.services.config, 'staff-sign-in') ?? '/'
    const wanted = `${ctx.url.pathname}${ctx.url.search}`
    return { redirect: `${to}?next=${encodeURIComponent(wanted)}` }
  }
  try {
    const me = (await staffApi(ctx.services.http).me()).data
    if (me.stage !== 'full') return signIn()
    setStaff(me)
    return undefined
  } catch (e) {
    if (e instanceof HttpError && (e.status === 401 || e.status === 403)) return signIn()
    throw e
  }
}
