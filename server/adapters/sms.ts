import { createHmac, timingSafeEqual } from 'node:crypto'
import { maskPhone } from '../lib/log-redact.ts'
import { outboxFolder } from './outbox.ts'

export interface Sms {
  /** E.164 number, +15551234567 */
  to: string
  body: string
}

export interface StoredSms extends Sms {
  id: string
  created_at: string
}

/** What a provider answers when it accepted a message: its reference and first delivery status. */
export interface SmsAccepted {
  ref: string
  status: string
}

/** A delivery-status callback, read once its signature is good. */
export interface SmsStatusReport {
  ref: string
  status: string
}

/**
 * Sends text messages (phone verification codes). A real provider implements `send` (resolve once it
 * accepted the message, with its reference and status; throw when it refused or cannot be reached) and
 * `describe` (the startup summary's line); `list` is the outbox's, read by the test-mode route
 * GET /api/dev/sms. A provider with delivery-status callbacks implements `verifyStatus`: they arrive at
 * POST /api/sms/status/<id> (routes/sms-status.ts), and an unsigned or badly signed one is refused.
 */
export interface SmsAdapter {
  /** SMS_PROVIDER's name: 'outbox', 'twilio'. */
  id: string
  send(sms: Sms): Promise<SmsAccepted | undefined>
  describe(): string
  list?(to?: string): StoredSms[]
  /** The report of a status callback (its raw form-encoded body) when its signature is good; else undefined. */
  verifyStatus?(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): SmsStatusReport | undefined
}

/**
 * The embedded profile's SMS: each message becomes a file of `dir`; the log says only that one was
 * written, to the number's last digits, never its text (the code).
 */
export function outboxSms(dir: string, log: (line: string) => void): SmsAdapter {
  const box = outboxFolder<StoredSms>(dir)
  return {
    id: 'outbox',
    async send(m) {
      box.write({ to: m.to, body: m.body })
      log(`text message to ${maskPhone(m.to)} written to the outbox`)
      return undefined
    },
    describe: () =>
      `outbox ${dir} (no text message leaves this machine: set SMS_PROVIDER before real members)`,
    list: (to) => box.read(to, 200),
  }
}

export interface TwilioOptions {
  /** TWILIO_ACCOUNT_SID (AC...) */
  accountSid?: string
  /** TWILIO_AUTH_TOKEN: the Basic-auth password, and the key of the callbacks' signatures. */
  authToken?: string
  /** TWILIO_FROM: the sending number (E.164), or */
  from?: string
  /** TWILIO_MESSAGING_SERVICE_SID (MG...): a Messaging Service picks the sender. */
  messagingServiceSid?: string
  /** TWILIO_API_BASE: default https://api.twilio.com (tests point it at a local server). */
  apiBase?: string
}

export const TWILIO_API_BASE = 'https://api.twilio.com'

/**
 * Twilio's request signature (webhook security documentation): the full URL Twilio was given, then each
 * POST parameter sorted by name, its name then its value appended; HMAC-SHA1 keyed with the auth token,
 * in base64 (the X-Twilio-Signature header).
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string | string[]>,
): string {
  let data = url
  for (const name of Object.keys(params).sort()) {
    const v = params[name]!
    for (const value of Array.isArray(v) ? [...v].sort() : [v]) data += name + value
  }
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64')
}

/**
 * Twilio's message statuses by how far a message has gone (Messages resource, "Message status values");
 * the ends (delivered, undelivered, failed, canceled) share a rank, `read` follows delivered.
 */
const STATUS_RANK: Record<string, number> = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  canceled: 4,
  read: 5,
}

/**
 * Twilio Programmable Messaging (SMS_PROVIDER=twilio): POST {apiBase}/2010-04-01/Accounts/{AccountSid}/Messages.json,
 * form-encoded To, From or MessagingServiceSid, Body and StatusCallback, with HTTP Basic auth (the
 * Account SID and the auth token); 201 answers the message as JSON (its `sid` and `status`). The status
 * callbacks come to `statusCallback` (made from PUBLIC_URL) signed with X-Twilio-Signature.
 */
export function twilioSms(o: TwilioOptions, statusCallback: string, log: (line: string) => void): SmsAdapter {
  const missing = [
    ...(o.accountSid ? [] : ['TWILIO_ACCOUNT_SID']),
    ...(o.authToken ? [] : ['TWILIO_AUTH_TOKEN']),
    ...(o.from || o.messagingServiceSid ? [] : ['TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID']),
  ]
  if (missing.length) throw new Error(`SMS_PROVIDER twilio needs ${missing.join(', ')}.`)
  const sid = o.accountSid!
  const token = o.authToken!
  const base = (o.apiBase || TWILIO_API_BASE).replace(/\/+$/, '')
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`
  const auth = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`
  return {
    id: 'twilio',
    async send(m) {
      const form = new URLSearchParams({ To: m.to })
      if (o.messagingServiceSid) form.set('MessagingServiceSid', o.messagingServiceSid)
      else form.set('From', o.from!)
      form.set('Body', m.body)
      form.set('StatusCallback', statusCallback)
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(15_000),
      })
      const reply = (await res.json().catch(() => ({}))) as {
        sid?: unknown
        status?: unknown
        code?: unknown
      }
      if (res.status !== 201 && res.status !== 200) {
        // Twilio's error body: { code, message, more_info, status }; its message may quote the number, so only the code
        log(
          `text message to ${maskPhone(m.to)} refused by Twilio: HTTP ${res.status}, error ${String(reply.code ?? '?')}`,
        )
        throw new Error(
          `Twilio refused the text message (HTTP ${res.status}, error ${String(reply.code ?? '?')}).`,
        )
      }
      if (typeof reply.sid !== 'string' || !reply.sid)
        throw new Error('Twilio accepted the text message but its reply has no sid.')
      const status = typeof reply.status === 'string' ? reply.status : 'queued'
      log(`text message to ${maskPhone(m.to)} accepted by Twilio (${status})`)
      return { ref: reply.sid, status }
    },
    describe: () =>
      `Twilio Programmable Messaging (from ${o.messagingServiceSid ? `Messaging Service ${o.messagingServiceSid}` : maskPhone(o.from!)}; status callbacks to ${statusCallback})`,
    verifyStatus(rawBody, headers) {
      const given = headers['x-twilio-signature']
      if (typeof given !== 'string' || !given) return undefined
      const params: Record<string, string | string[]> = {}
      for (const [k, v] of new URLSearchParams(rawBody)) {
        const prev = params[k]
        params[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v]
      }
      const want = Buffer.from(twilioSignature(token, statusCallback, params))
      const got = Buffer.from(given)
      if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined
      const ref = params.MessageSid ?? params.SmsSid
      const status = params.MessageStatus ?? params.SmsStatus
      if (typeof ref !== 'string' || typeof status !== 'string' || !ref || !status) return undefined
      if (params.AccountSid !== undefined && params.AccountSid !== sid) return undefined
      return { ref, status }
    },
  }
}

/**
 * Rank of a delivery status, so a late callback does not undo a later status (Twilio's callbacks may
 * arrive out of order). An unknown status ranks 0 (it is recorded until a known later one arrives).
 */
export function smsStatusRank(status: string | null | undefined): number {
  if (!status) return -1
  return STATUS_RANK[status] ?? 0
}

/** The providers SMS_PROVIDER may name; without a name, the outbox. An unknown name stops the start. */
export function smsFromName(
  name: string | undefined,
  o: {
    outboxDir: string
    publicUrl: string
    twilio?: TwilioOptions | undefined
    log: (line: string) => void
  },
): SmsAdapter {
  const key = name?.trim() || 'outbox'
  if (key === 'outbox') return outboxSms(o.outboxDir, o.log)
  if (key === 'twilio') return twilioSms(o.twilio ?? {}, `${o.publicUrl}/api/sms/status/twilio`, o.log)
  throw new Error(
    `Unknown SMS_PROVIDER '${key}'. Known: outbox, twilio. A real provider implements SmsAdapter (server/adapters/sms.ts, see server/README.md).`,
  )
}
