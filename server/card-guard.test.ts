// Issue 27: card numbers never reach our server. Any request to /api whose body carries a card number
// (a field named like one, or any string that looks like a card) is refused with 400
// card_number_refused before a handler or a log line sees it. Ids that may look like a card (order
// numbers, ...) pass: they are on an explicit allow-list.
import { Writable } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARD_ID_FIELDS, cardGuard, findCardNumber, looksLikeCard } from './lib/card-guard.ts'
import { client, testServer } from './test-helpers.ts'

/** Luhn-valid test cards of the brands (the sandbox's own and the networks' published test numbers). */
const CARDS = {
  visa: '4242 4242 4242 4242',
  visaDeclines: '4000-0000-0000-0002',
  mastercard: '5555555555554444',
  mastercard2: '2223003122003222',
  amex: '378282246310005',
  discover: '6011111111111117',
  diners: '30569309025904',
  jcb: '3530111333300000',
}

/** The last digit that makes `body` (digits) pass Luhn. */
function luhnComplete(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhn(body + d)) return body + d
  throw new Error('unreachable')
}
function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2
    sum += n
  }
  return sum % 10 === 0
}

describe('looksLikeCard', () => {
  it.each(Object.entries(CARDS))('a %s test card looks like a card', (_brand, number) => {
    expect(looksLikeCard(number)).toBe(true)
  })

  it('a number that fails Luhn, has no card brand prefix, or is too short or too long does not', () => {
    expect(looksLikeCard('4242 4242 4242 4241')).toBe(false) // Luhn
    expect(looksLikeCard(luhnComplete('900000000000000'))).toBe(false) // 9: no card brand
    expect(looksLikeCard(luhnComplete('100000000000000'))).toBe(false) // 1: no card brand
    expect(looksLikeCard(luhnComplete('42424242424'))).toBe(false) // 12 digits
    expect(looksLikeCard(luhnComplete('4242424242424242424'))).toBe(false) // 20 digits
    expect(looksLikeCard('+1 415 555 0100')).toBe(false) // a phone number
    expect(looksLikeCard('4242 4242 4242 4242 and more')).toBe(false) // text, not a card field
    expect(looksLikeCard('4242/4242/4242/4242')).toBe(false) // only spaces and dashes group digits
  })
})

describe('findCardNumber', () => {
  it('finds a field named like a card number with 12 to 19 digits, Luhn or not', () => {
    expect(findCardNumber({ card_number: '1234 5678 9012' })).toBe('card_number')
    expect(findCardNumber({ cardNumber: '123456789012345' })).toBe('cardNumber')
    expect(findCardNumber({ pan: '1234567890123456789' })).toBe('pan')
    expect(findCardNumber({ cc: '1234-5678-9012-3456' })).toBe('cc')
    expect(findCardNumber({ payment: { 'card-number': 1234567890123456 } })).toBe('payment.card-number')
    // not a card number: too few digits, or a token
    expect(findCardNumber({ card_number: '12345678901' })).toBeNull()
    expect(findCardNumber({ card: 'pm_sandbox_4f9a' })).toBeNull()
  })

  it('finds a string that looks like a card in any field, nested or in a list', () => {
    expect(findCardNumber({ message: CARDS.visa })).toBe('message')
    expect(findCardNumber({ a: { b: [{ c: 'x' }, { note: CARDS.amex }] } })).toBe('a.b[1].note')
    expect(findCardNumber({ notes: ['hello', CARDS.mastercard] })).toBe('notes[1]')
    expect(findCardNumber([CARDS.discover])).toBe('[0]')
    expect(findCardNumber(CARDS.jcb)).toBe('body')
  })

  it('lets order numbers and the other ids of the allow-list pass, even when they look like a card', () => {
    expect(CARD_ID_FIELDS).toEqual(expect.arrayContaining(['order_number', 'order_id', 'tracking_number']))
    for (const field of CARD_ID_FIELDS) expect(findCardNumber({ [field]: CARDS.visa }), field).toBeNull()
    // the allow-list is for ids only: a field named like a card is refused whatever else is sent
    expect(findCardNumber({ order_number: CARDS.visa, card_number: CARDS.visa })).toBe('card_number')
  })

  it('lets ordinary bodies pass: text, amounts, dates, long digit strings that are not cards', () => {
    expect(
      findCardNumber({
        name: 'Ana',
        email: 'ana@example.com',
        amount_cents: 129900,
        ordered_on: '2020-01-01',
        phone: '+15557654321',
        payment_method: 'tok_sandbox_4242',
        receipt: { name: 'r.pdf', data: 'JVBERi0xLjQK'.repeat(1000) },
        digits: '4242424242424241',
      }),
    ).toBeNull()
    // random digit strings: only those with a card brand prefix that pass Luhn are taken for a card
    // (Visa 4, Mastercard 51-55 and 2221-2720, Maestro 50 and 56-58, Amex 34/37, Diners 300-305, 36,
    // 38, 39, JCB 3528-3589, Discover, UnionPay and Maestro 6)
    const brand =
      /^(4|5[0-8]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720|30[0-5]|3[4689]|37|352[89]|35[3-8]\d|6)/
    let refused = 0
    for (let i = 0; i < 2000; i++) {
      const s = String(Math.floor(Math.random() * 9e15) + 1e15)
      const hit = findCardNumber({ ref: s }) !== null
      if (hit) refused++
      expect(hit, s).toBe(luhn(s) && brand.test(s))
    }
    // about 1 in 10 pass Luhn, and most first digits are a brand's: the allow-list is needed for ids
    expect(refused).toBeGreaterThan(0)
    expect(refused).toBeLessThan(400)
  })
})

describe('the guard on a server', () => {
  let app: FastifyInstance
  const lines: string[] = []
  const seen: unknown[] = []
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    app = Fastify({ logger: { level: 'trace', stream } })
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    cardGuard(app)
    for (const url of ['/api/echo', '/sandbox-pay/v1/tokens'])
      app.post(url, async (req) => {
        seen.push(req.body)
        req.log.info({ body: req.body }, 'handler saw the body')
        return { ok: true }
      })
    await app.ready()
  })
  afterAll(() => app.close())

  it('refuses a JSON or form body with a card number on /api with 400 card_number_refused and a sentence, before the handler and unlogged', async () => {
    const before = seen.length
    const json = await app.inject({ method: 'POST', url: '/api/echo', payload: { comment: CARDS.visa } })
    expect(json.statusCode).toBe(400)
    expect(json.json()).toMatchObject({
      code: 'card_number_refused',
      codes: { comment: 'card_number_refused' },
      errors: { comment: [expect.stringMatching(/card number/i)] },
    })
    const form = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `cardNumber=${encodeURIComponent(CARDS.mastercard)}&exp=12%2F30`,
    })
    expect(form.statusCode).toBe(400)
    expect(form.json().codes).toEqual({ cardNumber: 'card_number_refused' })
    // a path written another way that still finds the /api route is guarded the same
    const encoded = await app.inject({ method: 'POST', url: '/%61pi/echo', payload: { pan: CARDS.amex } })
    expect(encoded.statusCode).toBe(400)
    expect(encoded.json().code).toBe('card_number_refused')
    expect(seen.length).toBe(before)
    const log = lines.join('')
    expect(log).toMatch(/card_number_refused|"statusCode":400/)
    for (const n of [CARDS.visa, CARDS.mastercard, '4242424242424242', '4242'.repeat(4)])
      expect(log).not.toContain(n)
    expect(log).not.toContain('5555555555554444')
  })

  it('lets a body without a card through, and leaves paths outside /api (the provider tokenizer) alone', async () => {
    const ok = await app.inject({ method: 'POST', url: '/api/echo', payload: { order_number: CARDS.visa } })
    expect(ok.statusCode).toBe(200)
    const tokenizer = await app.inject({
      method: 'POST',
      url: '/sandbox-pay/v1/tokens',
      payload: { card_number: CARDS.visa },
    })
    expect(tokenizer.statusCode).toBe(200)
  })
})

describe('the guard in the app', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await testServer()
  })
  afterAll(() => app.close())

  it('refuses the old subscribe body with card_number (400 card_number_refused); nothing is charged or stored', async () => {
    const c = client(app)
    const reg = await c.register(`card-guard-${Date.now()}@example.com`)
    const auth = c.bearer(reg.login_token)
    const r = await c.post(
      '/api/upsell/subscribe',
      { plan: 'plus', card_number: CARDS.visa, exp: '12/30', cvv: '123', zip: '10001' },
      auth,
    )
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('card_number_refused')
    expect(r.body.codes).toEqual({ card_number: 'card_number_refused' })
    const uid = reg.user.user_id
    const count = async (table: string) =>
      (await app.services.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`,
        [uid],
      ))!.n
    expect(await count('payments')).toBe(0)
    expect(await count('payment_methods')).toBe(0)
    expect(await count('subscriptions')).toBe(0)
  })

  it('every /api route that takes a body refuses one with a card number, before its handler', async () => {
    // signed server-to-server routes take their body as bytes to check its signature: not fields
    const rawBody = new Set([
      '/api/networks/:network/postback',
      '/api/payouts/webhook/:provider',
      '/api/sms/status/:provider',
    ])
    const routes = app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH'].includes(r.method) && !rawBody.has(r.url),
    )
    expect(routes.length).toBeGreaterThan(20)
    const passed: string[] = []
    for (const r of routes) {
      const res = await app.inject({
        method: r.method as 'POST',
        url: r.url.replace(/:[A-Za-z_]+/g, 'x'),
        payload: { note: CARDS.visaDeclines },
      })
      if (res.statusCode !== 400 || res.json().code !== 'card_number_refused')
        passed.push(`${r.method} ${r.url}`)
    }
    expect(passed).toEqual([])
  })

  it('refuses a card number in any /api body, signed in or not (a card typed into a message)', async () => {
    const c = client(app)
    const r = await c.post('/api/account/payment-method', { number: CARDS.amex })
    expect(r.status).toBe(400)
    expect(r.body.codes).toEqual({ number: 'card_number_refused' })
  })
})
