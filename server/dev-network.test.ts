import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { optionsFromEnv } from './startup.ts'
import { client, testServer } from './test-helpers.ts'

const PUBLIC_URL = 'http://shop.test:4000'
let app: FastifyInstance
let c: ReturnType<typeof client>
let store: { id: number; name: string; internal_name: string; rate_type: string; rate_value: number }

beforeAll(async () => {
  app = await testServer({ publicUrl: PUBLIC_URL, devNetwork: true, devNetworkDelayMs: 0 })
  c = client(app)
  const db = app.services.db
  store = (await db.one<typeof store>(
    "SELECT id, name, internal_name, rate_type, rate_value FROM stores WHERE rate_type = 'percent' ORDER BY id LIMIT 1",
  ))!
  await db.query(
    `UPDATE stores SET network = 'devnet', program_id = internal_name,
       tracking_url = '/dev-network/shop/' || internal_name WHERE id = $1`,
    [store.id],
  )
})
afterAll(() => app?.close())

const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

/** A member who left for the store: the click id the network gets. */
async function clickOf() {
  const r = await c.register(`shopper-${randomUUID()}@example.com`)
  const click = await c.post('/api/clicks', { store: store.internal_name }, c.bearer(r.login_token))
  expect(click.status).toBe(200)
  return {
    userId: r.user.user_id,
    clickId: click.body.data.click_id as string,
    url: click.body.data.redirect_url,
  }
}

const form = (url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })

async function until<T>(read: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (v) return v
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

const conversionOf = (orderId: string, status?: string) =>
  app.services.db.one<{
    user_id: number
    status: string
    sale_cents: number
    test: boolean
    ordered_at: Date
  }>(
    `SELECT user_id, status, sale_cents, test, ordered_at FROM conversions
     WHERE network = 'devnet' AND order_id = $1 ${status ? 'AND status = $2' : ''}`,
    status ? [orderId, status] : [orderId],
  )

describe('the development network', () => {
  it("shows the store's checkout: the store's name, an amount, today's date, Place order, and that it is a stand-in with test money", async () => {
    const k = await clickOf()
    const path = new URL(k.url).pathname + new URL(k.url).search
    const r = await app.inject({ method: 'GET', url: path })
    expect(r.statusCode).toBe(200)
    expect(r.headers['content-type']).toMatch(/text\/html/)
    expect(r.body).toContain(store.name)
    expect(r.body).toMatch(/stand-in/i)
    expect(r.body).toMatch(/test money/i)
    expect(r.body).toContain(`name="u1" value="${k.clickId}"`)
    expect(r.body).toContain('name="amount"')
    expect(r.body).toMatch(new RegExp(`name="date"[^>]*value="${today()}"`))
    expect(r.body).toContain('Place order')
    const unknown = await app.inject({ method: 'GET', url: '/dev-network/shop/no-such-program' })
    expect(unknown.statusCode).toBe(404)
  })

  it('places an order: records it, says so with links back, and its signed postback reaches this server', async () => {
    const k = await clickOf()
    const r = await form(`/dev-network/shop/${store.internal_name}`, {
      u1: k.clickId,
      amount: '120.50',
      date: today(),
    })
    expect(r.statusCode).toBe(200)
    expect(r.body).toContain('Order placed')
    expect(r.body).toContain(`href="${PUBLIC_URL}/"`)
    expect(r.body).toContain('href="/dev-network/orders"')
    const order = await app.services.db.one<{
      id: string
      click_id: string
      sale_cents: number
      commission_cents: number
      status: string
    }>(
      'SELECT id, click_id, sale_cents, commission_cents, status FROM dev_network_orders WHERE click_id = $1',
      [k.clickId],
    )
    expect(order).toMatchObject({
      click_id: k.clickId,
      sale_cents: 12050,
      commission_cents: Math.round((12050 * store.rate_value * 1.5) / 10000),
      status: 'pending',
    })
    // the network's postback, signed with its secret, lands on /api/networks/devnet/postback
    const conv = await until(() => conversionOf(order!.id))
    expect(conv).toMatchObject({ user_id: k.userId, status: 'pending', sale_cents: 12050, test: true })
  })

  it('takes an order date set back, and refuses an amount that is not one', async () => {
    const k = await clickOf()
    const r = await form(`/dev-network/shop/${store.internal_name}`, {
      u1: k.clickId,
      amount: '30',
      date: daysAgo(40),
    })
    expect(r.statusCode).toBe(200)
    const order = await app.services.db.one<{ id: string; ordered_at: Date }>(
      'SELECT id, ordered_at FROM dev_network_orders WHERE click_id = $1',
      [k.clickId],
    )
    expect(new Date(order!.ordered_at).toISOString().slice(0, 10)).toBe(daysAgo(40))
    const conv = await until(() => conversionOf(order!.id))
    expect(new Date(conv.ordered_at).toISOString().slice(0, 10)).toBe(daysAgo(40))

    const bad = await form(`/dev-network/shop/${store.internal_name}`, {
      u1: k.clickId,
      amount: 'lots',
      date: today(),
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.body).toMatch(/amount/i)
    const n = await app.services.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM dev_network_orders WHERE click_id = $1',
      [k.clickId],
    )
    expect(n?.n).toBe(1)
  })

  it('lists its orders with approve and reverse, each sending the postback with that status', async () => {
    const k = await clickOf()
    await form(`/dev-network/shop/${store.internal_name}`, { u1: k.clickId, amount: '80', date: today() })
    const order = (await app.services.db.one<{ id: string }>(
      'SELECT id FROM dev_network_orders WHERE click_id = $1',
      [k.clickId],
    ))!
    await until(() => conversionOf(order.id, 'pending'))
    const page = await app.inject({ method: 'GET', url: '/dev-network/orders' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(order.id)
    expect(page.body).toContain(store.name)
    expect(page.body).toContain(`action="/dev-network/orders/${order.id}"`)
    expect(page.body).toContain('value="approve"')
    expect(page.body).toContain('value="reverse"')

    const approve = await form(`/dev-network/orders/${order.id}`, { action: 'approve' })
    expect(approve.statusCode).toBe(303)
    expect(approve.headers.location).toBe('/dev-network/orders')
    await until(() => conversionOf(order.id, 'confirmed'))
    const reverse = await form(`/dev-network/orders/${order.id}`, { action: 'reverse' })
    expect(reverse.statusCode).toBe(303)
    await until(() => conversionOf(order.id, 'reversed'))
    const row = await app.services.db.one('SELECT status FROM dev_network_orders WHERE id = $1', [order.id])
    expect(row).toEqual({ status: 'reversed' })
    const unknown = await form('/dev-network/orders/no-such-order', { action: 'approve' })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('without the development network', () => {
  it('its pages are a plain 404, not the app', async () => {
    const off = await testServer({ devNetwork: false })
    try {
      for (const url of [`/dev-network/shop/${store.internal_name}`, '/dev-network/orders']) {
        const r = await off.inject({ method: 'GET', url })
        expect(r.statusCode).toBe(404)
        expect(r.headers['content-type']).toMatch(/text\/plain/)
      }
      const post = await off.inject({ method: 'POST', url: '/dev-network/orders/x', payload: {} })
      expect(post.statusCode).toBe(404)
      expect(off.summary('http://127.0.0.1:3000')).not.toContain('/dev-network')
    } finally {
      await off.close()
    }
  })

  it('follows the stand-in rule: on for the embedded database on a loopback host, off on PostgreSQL in production unless DEV_NETWORK=1', () => {
    const pg = 'postgres://u:p@db.example.com/rewards'
    expect(optionsFromEnv({}).devNetwork).toBe(true)
    expect(optionsFromEnv({ DEV_NETWORK: '0' }).devNetwork).toBe(false)
    expect(optionsFromEnv({ DATABASE_URL: pg }).devNetwork).toBe(false)
    expect(optionsFromEnv({ DATABASE_URL: pg, DEV_NETWORK: '1' }).devNetwork).toBe(true)
    expect(optionsFromEnv({ DATABASE_URL: pg, NODE_ENV: 'test' }).devNetwork).toBe(true)
  })

  it('is named among the stand-ins when it is on', () => {
    expect(app.summary('http://127.0.0.1:3000')).toContain('development network (/dev-network)')
  })
})
