import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { client, testServer } from './test-helpers.ts'

const PUBLIC_URL = 'http://shop.test:4000'
let app: FastifyInstance
let c: ReturnType<typeof client>
/** A seeded store put on the development network (until the store feed does it), and one off any network. */
let store: { id: number; internal_name: string; rate_type: string; rate_value: number }
let offNetwork: string

beforeAll(async () => {
  app = await testServer({ publicUrl: PUBLIC_URL })
  c = client(app)
  const db = app.services.db
  // a store with coupons (the coupon test), and another one
  const rows = await db.query<typeof store>(
    `SELECT id, internal_name, rate_type, rate_value FROM stores s
     ORDER BY EXISTS (SELECT 1 FROM coupons c WHERE c.store_id = s.id) DESC, id LIMIT 2`,
  )
  store = rows[0]!
  offNetwork = rows[1]!.internal_name
  await db.query(
    `UPDATE stores SET network = 'devnet', program_id = internal_name,
       tracking_url = '/dev-network/shop/' || internal_name, plus_rate_value = rate_value + 150 WHERE id = $1`,
    [store.id],
  )
  await db.query('UPDATE stores SET network = NULL, tracking_url = NULL WHERE internal_name = $1', [
    offNetwork,
  ])
})
afterAll(() => app?.close())

/** Changes a member's row (and drops this process's cached copy of it). */
async function setMember(id: number, set: string) {
  await app.services.db.query(`UPDATE users SET ${set} WHERE id = $1`, [id])
  app.services.sessions.forget(id)
}

async function member(plus = false) {
  const r = await c.register(`clicker-${randomUUID()}@example.com`)
  if (plus) await setMember(r.user.user_id, 'plus_active = true')
  return { id: r.user.user_id, auth: c.bearer(r.login_token) }
}

describe('POST /api/clicks', () => {
  it('records the click with the rate the member was shown and answers the tracking link with the click id', async () => {
    const m = await member()
    const r = await c.post('/api/clicks', { store: store.internal_name }, m.auth)
    expect(r.status).toBe(200)
    const { click_id, redirect_url, rate } = r.body.data
    expect(click_id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(click_id).not.toBe(String(m.id))
    expect(rate).toEqual({ type: store.rate_type, value: store.rate_value, plus: false })
    // the development network's link is a path on this server, written with PUBLIC_URL; u1 = click id
    const u = new URL(redirect_url)
    expect(u.origin).toBe(PUBLIC_URL)
    expect(u.pathname).toBe(`/dev-network/shop/${store.internal_name}`)
    expect(u.searchParams.get('u1')).toBe(click_id)
    expect([...u.searchParams.values()]).not.toContain(String(m.id))
    const row = await app.services.db.one<Record<string, unknown>>('SELECT * FROM clicks WHERE id = $1', [
      click_id,
    ])
    expect(row).toMatchObject({
      user_id: m.id,
      store_id: store.id,
      rate_type: store.rate_type,
      rate_value: store.rate_value,
      plus: false,
      device: 'desktop',
    })
  })

  it("gives a Plus member the store's Plus rate, and records it on the click", async () => {
    const m = await member(true)
    const r = await c.post('/api/clicks', { store: store.internal_name }, m.auth)
    expect(r.status).toBe(200)
    expect(r.body.data.rate).toEqual({ type: store.rate_type, value: store.rate_value + 150, plus: true })
    const row = await app.services.db.one<{ rate_value: number; plus: boolean }>(
      'SELECT rate_value, plus FROM clicks WHERE id = $1',
      [r.body.data.click_id],
    )
    expect(row).toEqual({ rate_value: store.rate_value + 150, plus: true })
  })

  it('records the device from the User-Agent and the attribution from the cookie when the member has none', async () => {
    const m = await member()
    await setMember(m.id, "sid = '', cid = '', partner = ''")
    const cookie = `${constants.attributionCookie.name}=${encodeURIComponent(
      JSON.stringify({ sid: 'sid-from-cookie', cid: 'spring', partner: 'blog' }),
    )}`
    const r = await c.post(
      '/api/clicks',
      { store: store.internal_name },
      {
        ...m.auth,
        cookie,
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      },
    )
    expect(r.status).toBe(200)
    const row = await app.services.db.one('SELECT sid, cid, partner, device FROM clicks WHERE id = $1', [
      r.body.data.click_id,
    ])
    expect(row).toEqual({ sid: 'sid-from-cookie', cid: 'spring', partner: 'blog', device: 'mobile' })
  })

  it("records the member's own attribution and a tablet", async () => {
    const m = await member()
    await setMember(m.id, "sid = 'member-sid', cid = 'member-cid', partner = 'member-partner'")
    const r = await c.post(
      '/api/clicks',
      { store: store.internal_name },
      { ...m.auth, 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)' },
    )
    const row = await app.services.db.one('SELECT sid, cid, partner, device FROM clicks WHERE id = $1', [
      r.body.data.click_id,
    ])
    expect(row).toEqual({ sid: 'member-sid', cid: 'member-cid', partner: 'member-partner', device: 'tablet' })
  })

  it("records the coupon of the store, and refuses another store's coupon", async () => {
    const m = await member()
    const db = app.services.db
    const own = await db.one<{ id: number }>('SELECT id FROM coupons WHERE store_id = $1 LIMIT 1', [store.id])
    const other = await db.one<{ id: number }>('SELECT id FROM coupons WHERE store_id <> $1 LIMIT 1', [
      store.id,
    ])
    const r = await c.post('/api/clicks', { store: store.internal_name, coupon_id: own!.id }, m.auth)
    expect(r.status).toBe(200)
    const row = await db.one('SELECT coupon_id FROM clicks WHERE id = $1', [r.body.data.click_id])
    expect(row).toEqual({ coupon_id: own!.id })
    const bad = await c.post('/api/clicks', { store: store.internal_name, coupon_id: other!.id }, m.auth)
    expect(bad.status).toBe(422)
  })

  it('makes a new id for every click', async () => {
    const m = await member()
    const ids = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.post('/api/clicks', { store: store.internal_name }, m.auth).then((r) => r.body.data.click_id),
      ),
    )
    expect(new Set(ids).size).toBe(20)
  })

  it('is 401 signed out, 404 for an unknown store, 409 for a store without a tracking link', async () => {
    const out = await c.post('/api/clicks', { store: store.internal_name })
    expect(out.status).toBe(401)
    const m = await member()
    const unknown = await c.post('/api/clicks', { store: 'no-such-store-here' }, m.auth)
    expect(unknown.status).toBe(404)
    const none = await c.post('/api/clicks', { store: offNetwork }, m.auth)
    expect(none.status).toBe(409)
    expect(none.body.code).toBe('no_tracking_link')
    const count = await app.services.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM clicks WHERE user_id = $1',
      [m.id],
    )
    expect(count?.n).toBe(0)
  })
})

describe('the Plus rate on the store page', () => {
  it("the store reply names the Plus members' rate when the store has one, in the page's language", async () => {
    const en = await c.get(`/api/stores/${store.internal_name}?lang=en`)
    expect(en.body.data.plus_rate).toMatchObject({ type: store.rate_type, value: store.rate_value + 150 })
    expect(en.body.data.plus_rate.label).toMatch(store.rate_type === 'percent' ? /% Cash Back$/ : /^Up to \$/)
    const es = await c.get(`/api/stores/${store.internal_name}?lang=es`)
    expect(es.body.data.plus_rate.label).toMatch(
      store.rate_type === 'percent' ? /% de reembolso$/ : /^Hasta \$/,
    )
    const none = await c.get(`/api/stores/${offNetwork}`)
    expect(none.body.data.plus_rate).toBeNull()
  })
})

describe('without the development network', () => {
  it('a store of the development network has no tracking link to leave for: 409', async () => {
    const off = await testServer({ devNetwork: false })
    try {
      const oc = client(off)
      const db = off.services.db
      await db.query(
        `UPDATE stores SET network = 'devnet', program_id = internal_name,
           tracking_url = '/dev-network/shop/' || internal_name WHERE internal_name = $1`,
        [store.internal_name],
      )
      const r = await oc.register(`clicker-${randomUUID()}@example.com`)
      const click = await oc.post('/api/clicks', { store: store.internal_name }, oc.bearer(r.login_token))
      expect(click.status).toBe(409)
      expect(click.body.code).toBe('no_tracking_link')
    } finally {
      await off.close()
    }
  })
})

describe('no reply carries the member id', () => {
  it('the old redirect route is gone', async () => {
    const m = await member()
    const r = await c.get(`/api/merchants/${store.internal_name}/redirect`, m.auth)
    expect(r.status).toBe(404)
  })

  it('starting a coupon or cash back offer of a store records a click instead of sending the member id', async () => {
    const m = await member()
    const db = app.services.db
    await setMember(m.id, 'is_verified = true')
    const offer = await db.one<{ id: number; store_id: number }>(
      "SELECT id, store_id FROM offers WHERE offer_type IN ('coupon', 'CASHBACK') AND active ORDER BY id LIMIT 1",
    )
    await db.query(
      `UPDATE stores SET network = 'devnet', program_id = internal_name,
         tracking_url = '/dev-network/shop/' || internal_name WHERE id = $1`,
      [offer!.store_id],
    )
    const r = await c.post(`/api/offers/${offer!.id}/start`, {}, m.auth)
    expect(r.status).toBe(200)
    const u = new URL(r.body.data.click_url)
    expect(u.searchParams.get('subid')).toBeNull()
    const click = await db.one<{ offer_id: number; user_id: number }>(
      'SELECT offer_id, user_id FROM clicks WHERE id = $1',
      [u.searchParams.get('u1')],
    )
    expect(click).toEqual({ offer_id: offer!.id, user_id: m.id })
  })

  it("the store page's link carries no member data", async () => {
    const m = await member()
    const r = await c.get(`/api/stores/${offNetwork}`, m.auth)
    expect(r.status).toBe(200)
    expect(r.body.data.redirect_url).not.toMatch(/subid|u1=/)
    expect(r.body.data.redirect_url).not.toContain(String(m.id))
  })
})
