import { constants, type PluginContext, type SessionMember } from '@core'
import { trackingApi } from './api'
import { clean } from './attribution'
import { LoadPixelReply, LoadPixelsReply } from './contract'
import { reportOnce } from './dev-report'
import type { PixelRequest } from './events'
import { scriptNonce } from './nonce'
import { runSandboxed } from './sandbox'

/** Local-storage key of the registration result (SPEC 9: cached 7 days). */
export const registrationCacheKey = 'registration_pixel'

/** What a pixel reads of the member (the core's session view). */
type Member = Partial<Pick<SessionMember, 'email' | 'allowsPii'>>

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A value safe inside any JS string literal of a pixel: everything but plain characters as \uXXXX. */
export function jsText(v: string): string {
  return v.replace(/[^A-Za-z0-9@._+-]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

export interface Placeholders {
  transaction_id: string
  email_hash: string
  email: string
}

/**
 * The placeholder values: the transaction id (safe charset), the SHA-256 of the trimmed lower-case
 * email, and the email itself only when the member's terms allow pii (SPEC 9: pii false by default).
 */
export async function placeholders(
  req: PixelRequest,
  member: Member | null | undefined,
): Promise<Placeholders> {
  const email = (req.email ?? member?.email ?? '').trim().toLowerCase()
  const pii = member?.allowsPii ?? constants.defaultTerms.pii
  return {
    transaction_id: clean('sid', req.transactionId === undefined ? '' : String(req.transactionId)) ?? '',
    email_hash: email ? await sha256Hex(email) : '',
    email: email && pii ? jsText(email) : '',
  }
}

export function fill(script: string, p: Placeholders): string {
  return script.replace(/\{(transaction_id|email_hash|email)\}/g, (_, k: keyof Placeholders) => p[k])
}

function member(ctx: PluginContext): Member | null {
  return ctx.services.session.member
}

function attribution(ctx: PluginContext) {
  return (
    ctx.store.tracking as { attribution?: { sid: string; cid: string; partner: string } | null } | undefined
  )?.attribution
}

function run(scripts: string[], p: Placeholders) {
  runSandboxed(
    scripts.map((s) => fill(s, p)),
    { nonce: scriptNonce() },
  )
}

/** GET /landers/load-pixel: registration scripts at most once in 7 days, conversion scripts every time. */
export async function loadPixel(ctx: PluginContext, req: PixelRequest): Promise<void> {
  const { http, cache } = ctx.services
  const a = attribution(ctx)
  const params: Record<string, string> = {}
  if (a) Object.assign(params, { partner: a.partner, sid: a.sid, cid: a.cid })
  const tid = clean('sid', String(req.transactionId ?? ''))
  if (tid) params.transaction_id = tid
  if (req.product) params.product = clean('cid', req.product) ?? ''
  const reply = LoadPixelReply.safeParse(await trackingApi(http).loadPixel(params))
  if (!reply.success) return reportOnce('load-pixel reply is not what it should be', reply.error)
  const p = await placeholders(req, member(ctx))
  const scripts: string[] = []
  if (cache.get(registrationCacheKey) === undefined) {
    scripts.push(...reply.data.registration)
    cache.set(registrationCacheKey, reply.data.registration, constants.registrationPixelCacheMinutes)
  }
  scripts.push(...reply.data.conversion)
  run(scripts, p)
}

/** POST /api/load-pixels (a form, as the spec says): conversion and/or global-delayed scripts. */
export async function loadPixels(
  ctx: PluginContext,
  req: PixelRequest & { context?: string; pixelTypes?: ('conversion' | 'globaldelayed')[] },
): Promise<void> {
  const a = attribution(ctx)
  const form = new URLSearchParams()
  if (a) for (const k of ['partner', 'sid', 'cid'] as const) form.set(k, a[k])
  const tid = clean('sid', String(req.transactionId ?? ''))
  if (tid) form.set('transaction_id', tid)
  if (req.product) form.set('product', clean('cid', req.product) ?? '')
  if (req.context) form.set('context', clean('cid', req.context) ?? '')
  for (const t of req.pixelTypes ?? ['conversion', 'globaldelayed']) form.append('pixelTypes[]', t)
  const reply = LoadPixelsReply.safeParse(await trackingApi(ctx.services.http).loadPixels(form))
  if (!reply.success) return reportOnce('load-pixels reply is not what it should be', reply.error)
  run([...reply.data.globaldelayed, ...reply.data.conversion], await placeholders(req, member(ctx)))
}
