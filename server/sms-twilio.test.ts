import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { twilioSignature } from './adapters/sms.ts'
import { optionsFromEnv } from './startup.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * The Twilio adapter (issue 31, SMS) against a local HTTP server that speaks Twilio's Programmable
 * Messaging API as documented (Messages resource: POST /2010-04-01/Accounts/{AccountSid}/Messages.json,
 * form-encoded, HTTP Basic auth; 201 with the message as JSON) and signs its status callbacks as Twilio's
 * webhook security page says (X-Twilio-Signature: base64 HMAC-SHA1 of the URL and the sorted parameters).
 */

const SID = `AC${randomBytes(16).toString('hex')}`
const TOKEN = randomBytes(16).toString('hex')
const FROM = '+15005550006'
const PUBLIC = 'https://rewards.example'
const CALLBACK = `${PUBLIC}/api/sms/status/twilio`
const INVALID_TO = '+15005550001'

interface Received {
  path: string
  auth: string
  type: string
  form: URLSearchParams
}
const received: Received[] = []
let twilio: Server
let app: FastifyInstance
let appUrl: string
let c: ReturnType<typeof client>
let seq = 0

/** Twilio's signing, written here from its documentation, independent of the adapter's. */
function sign(url: string, params: Record<string, string>, token = TOKEN): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url)
  return createHmac('sha1', token).update(Buffer.from(data, 'utf-8')).digest('base64')
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = []
  for await (const p of req) parts.push(p as Buffer)
  return Buffer.concat(parts).toString('utf8')
}

beforeAll(async () => {
  twilio = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readBody(req))
    received.push({
      path: req.url ?? '',
      auth: req.headers.authorization ?? '',
      type: String(req.headers['content-type'] ?? ''),
      form,
    })
    const good = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`
    res.setHeader('content-type', 'application/json')
    if (req.headers.authorization !== good) {
      res.statusCode = 401
      res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }))
      return
    }
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`) {
      res.statusCode = 404
      res.end(JSON.stringify({ code: 20404, message: 'Not found', status: 404 }))
      return
    }
    if (form.get('To') === INVALID_TO) {
      // Twilio's test number for "invalid To" (error 21211)
      res.statusCode = 400
      res.end(
        JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }),
      )
      return
    }
    if (!form.get('To') || !form.get('Body') || !(form.get('From') || form.get('MessagingServiceSid'))) {
      res.statusCode = 400
      res.end(JSON.stringify({ code: 21604, message: "A 'To' phone number is required.", status: 400 }))
      return
    }
    res.statusCode = 201
    res.end(
      JSON.stringify({
        account_sid: SID,
        sid: `SM${randomBytes(16).toString('hex')}`,
        status: 'queued',
        to: form.get('To'),
        from: form.get('From'),
        body: form.get('Body'),
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        uri: `/2010-04-01/Accounts/${SID}/Messages.json`,
      }),
    )
  })
  await new Promise<void>((r) => twilio.listen(0, '127.0.0.1', r))
  const port = (twilio.address() as AddressInfo).port
  app = await testServer({
    publicUrl: PUBLIC,
    smsProvider: 'twilio',
    twilio: {
      accountSid: SID,
      authToken: TOKEN,
      from: FROM,
      apiBase: `http://127.0.0.1:${port}`,
    },
  })
  appUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  c = client(app)
})
afterAll(async () => {
  await app?.close()
  await new Promise((r) => twilio?.close(r))
})

const db = () => app.services.db

async function member() {
  const email = `sms${++seq}-${randomBytes(4).toString('hex')}@example.com`
  const r = await c.register(email)
  const id = r.user.user_id
  await db().query('UPDATE users SET is_verified = true, coin_onboarding = 1 WHERE id = $1', [id])
  app.services.sessions.forget(id)
  return { id, auth: c.bearer(r.login_token) }
}

const phoneNo = () => `+1555${String(1_000_000 + ++seq * 7919 + Number(process.pid % 1000)).slice(-7)}`

/** Twilio posts the status callback: form-encoded, signed over PUBLIC_URL's callback address. */
function callback(params: Record<string, string>, signature: string | undefined) {
  return fetch(`${appUrl}/api/sms/status/twilio`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
    },
    body: new URLSearchParams(params).toString(),
  })
}

const statusOf = (uid: number) =>
  db().one<{ sms_ref: string | null; sms_status: string | null }>(
    'SELECT sms_ref, sms_status FROM phone_codes WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [uid],
  )

describe('SMS through Twilio', () => {
  it("computes Twilio's documented example signature", () => {
    // the worked example of Twilio's webhook security documentation (auth token 12345)
    expect(
      twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', {
        CallSid: 'CA1234567890ABCDE',
        Caller: '+14158675309',
        Digits: '1234',
        From: '+14158675309',
        To: '+18005551212',
      }),
    ).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=')
  })

  it('sends the code to the Messages resource with Basic auth, the form fields and a StatusCallback from PUBLIC_URL, and keeps its sid and status', async () => {
    const m = await member()
    const phone = phoneNo()
    const before = received.length
    const r = await c.post('/api/account/phone/code', { phone }, m.auth)
    expect(r.status).toBe(200)
    expect(received.length).toBe(before + 1)
    const got = received[received.length - 1]!
    expect(got.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`)
    expect(got.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`)
    expect(got.type).toContain('application/x-www-form-urlencoded')
    expect(got.form.get('To')).toBe(phone)
    expect(got.form.get('From')).toBe(FROM)
    expect(got.form.get('MessagingServiceSid')).toBeNull()
    expect(got.form.get('StatusCallback')).toBe(CALLBACK)
    expect(got.form.get('Body')).toMatch(/\b\d{4,10}\b/)
    const row = await statusOf(m.id)
    expect(row?.sms_ref).toMatch(/^SM[0-9a-f]{32}$/)
    expect(row?.sms_status).toBe('queued')
    // no outbox: the test-mode outbox route has nothing for this number
    const box = await c.get(`/api/dev/sms?to=${encodeURIComponent(phone)}`)
    expect(box.body.data ?? []).toEqual([])
  })

  it('records a signed delivery status, and refuses a bad or missing signature with 403 and no change', async () => {
    const m = await member()
    await c.post('/api/account/phone/code', { phone: phoneNo() }, m.auth)
    const ref = (await statusOf(m.id))!.sms_ref!
    const params = {
      AccountSid: SID,
      ApiVersion: '2010-04-01',
      From: FROM,
      MessageSid: ref,
      MessageStatus: 'delivered',
      SmsSid: ref,
      SmsStatus: 'delivered',
      To: '+15551234567',
    }
    const missing = await callback(params, undefined)
    expect(missing.status).toBe(403)
    const forged = await callback(params, sign(CALLBACK, params, 'not-the-token'))
    expect(forged.status).toBe(403)
    // signed for another address (a request's Host is never trusted)
    const otherUrl = await callback(params, sign(`${appUrl}/api/sms/status/twilio`, params))
    expect(otherUrl.status).toBe(403)
    // a parameter changed after signing
    const tampered = await callback({ ...params, MessageStatus: 'failed' }, sign(CALLBACK, params))
    expect(tampered.status).toBe(403)
    expect((await statusOf(m.id))?.sms_status).toBe('queued')

    const sent = { ...params, MessageStatus: 'sent', SmsStatus: 'sent' }
    expect((await callback(sent, sign(CALLBACK, sent))).status).toBe(200)
    expect((await statusOf(m.id))?.sms_status).toBe('sent')
    expect((await callback(params, sign(CALLBACK, params))).status).toBe(200)
    expect((await statusOf(m.id))?.sms_status).toBe('delivered')
    // a late "sent" does not undo "delivered" (callbacks may arrive out of order)
    expect((await callback(sent, sign(CALLBACK, sent))).status).toBe(200)
    expect((await statusOf(m.id))?.sms_status).toBe('delivered')
  })

  it('answers 503 sms_unavailable and keeps no code when Twilio refuses the message, so the member can ask again at once', async () => {
    const m = await member()
    const r = await c.post('/api/account/phone/code', { phone: INVALID_TO }, m.auth)
    expect(r.status).toBe(503)
    expect(r.body.codes).toEqual({ phone: 'sms_unavailable' })
    expect(await statusOf(m.id)).toBeUndefined()
    const again = await c.post('/api/account/phone/code', { phone: phoneNo() }, m.auth)
    expect(again.status).toBe(200)
    expect((await statusOf(m.id))?.sms_status).toBe('queued')
  })

  it('names Twilio in the start summary', () => {
    const summary = app.summary('http://127.0.0.1:3000')
    expect(summary).toMatch(
      /^ {2}sms: {6}Twilio Programmable Messaging \(from \*\*\*0006; status callbacks to .*\/api\/sms\/status\/twilio\)$/m,
    )
    expect(summary).not.toContain(TOKEN)
  })
})

describe('SMS_PROVIDER', () => {
  it('reads SMS_PROVIDER and the TWILIO_* variables', () => {
    const o = optionsFromEnv({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'tok',
      TWILIO_MESSAGING_SERVICE_SID: 'MG1',
      TWILIO_API_BASE: 'http://127.0.0.1:9',
    })
    expect(o.smsProvider).toBe('twilio')
    expect(o.twilio).toEqual({
      accountSid: 'AC1',
      authToken: 'tok',
      messagingServiceSid: 'MG1',
      apiBase: 'http://127.0.0.1:9',
    })
  })

  it('stops the start on an unknown SMS_PROVIDER, and on twilio without its credentials', async () => {
    await expect(testServer({ smsProvider: 'carrier-pigeon' })).rejects.toThrow(
      /Unknown SMS_PROVIDER 'carrier-pigeon'/,
    )
    await expect(testServer({ smsProvider: 'twilio', twilio: { accountSid: SID } })).rejects.toThrow(
      /TWILIO_AUTH_TOKEN/,
    )
  })

  it('keeps the outbox by default and names it in the summary', async () => {
    const a = await testServer()
    try {
      expect(a.summary('http://127.0.0.1:3000')).toMatch(
        /^ {2}sms: {6}outbox .*no text message leaves this machine/m,
      )
    } finally {
      await a.close()
    }
  })
})
