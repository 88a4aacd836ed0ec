import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, testServer } from './test-helpers.ts'

let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer()
  c = client(app)
})
afterAll(() => app?.close())

describe('attribution', () => {
  it('get-cookie gives the default attribution and sid (MMDDYYYY_organic)', async () => {
    const r = await c.post('/api/get-cookie', {})
    expect(r.status).toBe(200)
    expect(r.body.success).toBe(true)
    expect(r.body.data.sid).toMatch(/^\d{8}_organic$/)
    expect(r.body.data.attribution).toMatchObject({ cid: 'homepage', partner: 'organic' })
    expect(r.body.data.country_code).toBe('US')
  })
  it('check-set-cookie records the visit and sets sm_landers for 25 days; get-cookie reads it back', async () => {
    const r = await c.post('/api/check-set-cookie', {
      sid: '01022025_fb',
      cid: 'spring',
      partner: 'affiliate',
      website: 'ex',
      url: '/spl/spland1',
    })
    expect(r.status).toBe(200)
    const cookie = String(r.headers['set-cookie'])
    expect(cookie).toMatch(/^sm_landers=/)
    expect(cookie).toMatch(/Max-Age=2160000/)
    const back = await c.post('/api/get-cookie', {}, { cookie: cookie.split(';')[0]! })
    expect(back.body.data.attribution).toMatchObject({ sid: '01022025_fb', partner: 'affiliate' })
    const visits = await app.services.db.query('SELECT sid FROM visits')
    expect(visits).toContainEqual({ sid: '01022025_fb' })
    const bad = await c.post('/api/check-set-cookie', { sid: 'x'.repeat(101) })
    expect(bad.status).toBe(422)
    const garbage = await c.post('/api/get-cookie', {}, { cookie: 'sm_landers=%7Bnot-json' })
    expect(garbage.body.data.attribution.partner).toBe('organic')
  })
})

describe('events', () => {
  it('records an event from JSON and from a text/plain beacon', async () => {
    expect(
      (await c.post('/api/elk?action=page_view', { sid: 's', reengagement: 1, membership_day: 3 })).status,
    ).toBe(204)
    const beacon = await c.raw(
      'POST',
      '/api/elk?action=unauthenticated_attempt',
      JSON.stringify({ path: '/account' }),
      {
        'content-type': 'text/plain;charset=UTF-8',
      },
    )
    expect(beacon.status).toBe(204)
    const rows = await app.services.db.query<{ action: string }>('SELECT action FROM events ORDER BY id')
    expect(rows.map((r) => r.action)).toEqual(['page_view', 'unauthenticated_attempt'])
  })
  it('lists the stored events in development (GET /api/dev/events), not in production', async () => {
    await c.post('/api/elk?action=dev_list_check', { sid: 'dev1', currenturl: 'http://x/' })
    const r = await c.get('/api/dev/events?action=dev_list_check')
    expect(r.status).toBe(200)
    expect(r.body.data).toHaveLength(1)
    expect(r.body.data[0]).toMatchObject({
      action: 'dev_list_check',
      payload: { sid: 'dev1', currenturl: 'http://x/' },
    })
    expect((await c.get('/api/dev/events')).body.data.length).toBeGreaterThan(1)
    const prod = await testServer({ mode: 'production' })
    try {
      expect((await client(prod).get('/api/dev/events')).status).toBe(404)
    } finally {
      await prod.close()
    }
  })
  it('keeps an event’s own fields (a lander’s funnel: lander, step, block), bounded', async () => {
    const r = await c.post('/api/elk?action=lander_step_completed', {
      sid: 'f1',
      lander: 'spl',
      step: 2,
      block: 'signup',
      accepted: true,
      nested: { no: 1 },
      'bad key': 'x',
      long: 'y'.repeat(3000),
    })
    expect(r.status).toBe(204)
    const [row] = (await c.get('/api/dev/events?action=lander_step_completed')).body.data
    expect(row.payload).toMatchObject({ sid: 'f1', lander: 'spl', step: 2, block: 'signup', accepted: true })
    expect(row.payload.nested).toBeUndefined()
    expect(row.payload['bad key']).toBeUndefined()
    expect(row.payload.long).toHaveLength(2000)
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]))
    await c.post('/api/elk?action=many_fields', many)
    const [m] = (await c.get('/api/dev/events?action=many_fields')).body.data
    expect(Object.keys(m.payload)).toHaveLength(20)
  })
  it('refuses a missing or odd action and wrong field types', async () => {
    expect((await c.post('/api/elk', {})).status).toBe(422)
    expect((await c.post('/api/elk?action=<script>', {})).status).toBe(422)
    expect((await c.post('/api/elk?action=x', { reengagement: 7 })).status).toBe(422)
    expect(
      (await c.raw('POST', '/api/elk?action=x', 'not json', { 'content-type': 'text/plain' })).status,
    ).toBe(422)
  })
})

describe('pixels', () => {
  it('load-pixel gives registration and conversion scripts with placeholders', async () => {
    const r = await c.get('/landers/load-pixel?partner=affiliate&sid=s1')
    expect(r.status).toBe(200)
    expect(r.body.registration.length).toBeGreaterThan(0)
    expect(r.body.conversion.join()).toContain('{transaction_id}')
    expect(r.body.conversion.length).toBe(2)
    expect((await c.get('/landers/load-pixel')).body.conversion.length).toBe(1)
  })
  it('load-pixels accepts a form and picks the pixel types', async () => {
    const form = await c.raw(
      'POST',
      '/api/load-pixels',
      'pixelTypes[]=globaldelayed&product=plus&context=upsell',
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    )
    expect(form.status).toBe(200)
    expect(form.body.globaldelayed.length).toBe(1)
    expect(form.body.conversion).toEqual([])
    const one = await c.raw('POST', '/api/load-pixels', 'pixelTypes=conversion', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(one.body.conversion.length).toBe(1)
    const json = await c.post('/api/load-pixels', { pixelTypes: ['conversion', 'globaldelayed'] })
    expect(json.body.conversion.length + json.body.globaldelayed.length).toBe(2)
    expect((await c.post('/api/load-pixels', { pixelTypes: ['evil'] })).status).toBe(422)
  })
  it('unknown /landers paths are a JSON 404', async () => {
    expect((await c.get('/landers/nothing')).status).toBe(404)
  })
})

describe('gtag', () => {
  const clientsOf = async (userId: number) =>
    (
      await app.services.db.query<{ client_id: string }>(
        'SELECT client_id FROM gtag_clients WHERE user_id = $1 ORDER BY client_id',
        [userId],
      )
    ).map((r) => r.client_id)

  it("stores the analytics client id against the signed-in member (bearer or login cookie), not the body's user_id", async () => {
    const me = await c.register('gtag-me@example.com')
    const other = await c.register('gtag-other@example.com')
    const id = me.user.user_id
    const bearer = await c.post(
      '/api/saveGtagClientId',
      { user_id: String(id), client_id: 'GA1.1.1.1' },
      c.bearer(me.login_token),
    )
    expect(bearer.status).toBe(204)
    // the login cookie, as a beacon carries it
    const cookie = await c.post(
      '/api/saveGtagClientId',
      { user_id: id, client_id: 'GA1.1.2.2' },
      { cookie: `${app.services.cookiePrefix}sm_token=${me.login_token}` },
    )
    expect(cookie.status).toBe(204)
    // another member's id in the body: the client id goes to the member who sent it, never to the other
    const mismatch = await c.post(
      '/api/saveGtagClientId',
      { user_id: String(other.user.user_id), client_id: 'GA1.1.3.3' },
      c.bearer(me.login_token),
    )
    expect(mismatch.status).toBe(204)
    expect(await clientsOf(id)).toEqual(['GA1.1.1.1', 'GA1.1.2.2', 'GA1.1.3.3'])
    expect(await clientsOf(other.user.user_id)).toEqual([])
    expect((await c.post('/api/saveGtagClientId', { user_id: 'abc', client_id: '' })).status).toBe(422)
  })

  it('writes nothing without a session (and answers 204, as the beacon expects)', async () => {
    const victim = await c.register('gtag-victim@example.com')
    const r = await c.post('/api/saveGtagClientId', {
      user_id: String(victim.user.user_id),
      client_id: 'GA1.1.666.666',
    })
    expect(r.status).toBe(204)
    const forged = await c.post(
      '/api/saveGtagClientId',
      { user_id: String(victim.user.user_id), client_id: 'GA1.1.667.667' },
      c.bearer('not.a.token'),
    )
    expect(forged.status).toBe(204)
    expect(await clientsOf(victim.user.user_id)).toEqual([])
  })
})
