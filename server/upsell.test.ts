import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, testServer } from './test-helpers.ts'

let app: FastifyInstance
let c: ReturnType<typeof client>
let token: string

beforeAll(async () => {
  app = await testServer()
  c = client(app)
  token = (await c.register('buyer@example.com')).login_token
})
afterAll(() => app?.close())

const exp = `12/${(new Date().getFullYear() + 2) % 100}`
/** The card form's first step: the card goes to the sandbox provider's tokenizer, never to /api. */
async function tokenize(card_number: string, more: { zip?: string; cvv?: string; exp?: string } = {}) {
  const r = await c.post('/sandbox-pay/v1/tokens', { card_number, zip: '10001', cvv: '123', exp, ...more })
  if (r.status !== 200) throw new Error(`tokenize failed: ${r.status} ${r.text}`)
  return r.body.id as string
}

describe('plans and payment', () => {
  it('lists plans', async () => {
    const r = await c.get('/api/plans')
    expect(r.body.data.find((p: { plan: string }) => p.plan === 'plus')).toMatchObject({
      trial_days: 7,
      currency: 'USD',
    })
  })
  it("answers the spec's messages for empty card fields", async () => {
    const r = await c.post('/sandbox-pay/v1/tokens', { card_number: '', zip: '', cvv: '', exp: '' })
    expect(r.status).toBe(422)
    expect(r.body.errors).toMatchObject({
      card_number: ['Card Number cannot be empty.'],
      zip: ['Zip Code cannot be empty.'],
      cvv: ['Card CVV cannot be empty.'],
      exp: ['Card Expiration cannot be empty.'],
    })
    const expired = await c.post('/sandbox-pay/v1/tokens', {
      card_number: '4242424242424242',
      zip: '10001',
      cvv: '123',
      exp: '01/20',
    })
    expect(expired.body.errors.exp).toEqual(['This card has expired.'])
  })
  it('declines 4000 0000 0000 0002 with the retry message', async () => {
    const r = await c.post(
      '/api/upsell/subscribe',
      { plan: 'plus', payment_method: await tokenize('4000 0000 0000 0002') },
      c.bearer(token),
    )
    expect(r.status).toBe(402)
    expect(r.body.declined).toBe(true)
    expect(r.body.errors.card_number).toEqual([
      'Your payment was declined. Please insert a valid card and click "submit".',
    ])
    expect((await c.post('/api/sync-token', {}, c.bearer(token))).body.user.plus.active).toBe(false)
  })
  it('subscribes with 4242 4242 4242 4242 and starts the trial', async () => {
    const r = await c.post(
      '/api/upsell/subscribe',
      { plan: 'plus', payment_method: await tokenize('4242 4242 4242 4242') },
      c.bearer(token),
    )
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ plan: 'plus', status: 'trialing', price_cents: 1299 })
    expect(r.body.redirect).toBe('/splthanq')
    const user = (await c.post('/api/sync-token', {}, c.bearer(token))).body.user
    expect(user.plus.active).toBe(true)
    expect(user.subscribed).toBe(true)
    const billing = await c.get('/api/account/billing', c.bearer(token))
    expect(billing.body.data.payment_methods[0]).toMatchObject({ brand: 'visa', last4: '4242' })
    expect(billing.body.data.payments.map((p: { status: string }) => p.status).sort()).toEqual([
      'declined',
      'succeeded',
    ])
  })
  it('shipping add-on is charged at once; cancel ends the benefit', async () => {
    const r = await c.post(
      '/api/upsell/subscribe',
      {
        plan: 'shipping',
        payment_method: await tokenize('4242424242424242', {
          cvv: '1234',
          exp: `03/${new Date().getFullYear() + 1}`,
        }),
      },
      c.bearer(token),
    )
    expect(r.body.data.status).toBe('active')
    const subs = await c.get('/api/account/subscriptions', c.bearer(token))
    expect(subs.body.data).toHaveLength(2)
    const cancel = await c.post('/api/cancel-subscription', { plan: 'shipping' }, c.bearer(token))
    expect(cancel.body.data.status).toBe('cancelled')
    expect((await c.post('/api/cancel-subscription', { plan: 'shipping' }, c.bearer(token))).status).toBe(422)
    const user = (await c.post('/api/sync-token', {}, c.bearer(token))).body.user
    expect(user.shipping.active).toBe(false)
    expect(user.plus.active).toBe(true)
  })
  it('records a declined upsell; replaces the card', async () => {
    expect((await c.post('/api/upsell/decline', { tpsha1: 'abc' })).body.redirect).toBe('/splnothanq')
    const bad = await c.post(
      '/api/account/payment-method',
      { payment_method: await tokenize('4000000000000002', { zip: '1' }) },
      c.bearer(token),
    )
    expect(bad.status).toBe(402)
    // a number failing Luhn: declined by the tokenizer, as the card form shows it
    const luhn = await c.post('/sandbox-pay/v1/tokens', {
      card_number: '1234567812345678',
      zip: '1',
      cvv: '123',
      exp,
    })
    expect(luhn.status).toBe(402)
    const ok = await c.post(
      '/api/account/payment-method',
      { payment_method: await tokenize('5555555555554444', { zip: '1' }) },
      c.bearer(token),
    )
    expect(ok.body.success).toBe(true)
    const billing = await c.get('/api/account/billing', c.bearer(token))
    expect(billing.body.data.payment_methods[0]).toMatchObject({ brand: 'mastercard', last4: '4444' })
  })
})
