import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { client, testServer } from './test-helpers.ts'

let app: FastifyInstance
let c: ReturnType<typeof client>
let member: string

beforeAll(async () => {
  app = await testServer()
  c = client(app)
  member = (await c.register('coins@example.com')).login_token
})
afterAll(() => app?.close())

describe('offers', () => {
  it('lists offers by type with the spec fields', async () => {
    for (const type of ['APP', 'GAME', 'coupon', 'CASHBACK']) {
      const r = await c.get(`/api/offers?type=${type}`)
      expect(r.status).toBe(200)
      expect(r.body.data.length, type).toBeGreaterThan(0)
      expect(r.body.data.every((o: { offer_type: string }) => o.offer_type === type)).toBe(true)
    }
    const app1 = (await c.get('/api/offers?type=APP')).body.data[0]
    for (const k of [
      'offer_id',
      'offer_code',
      'offer_description',
      'display_name',
      'coins_advertised',
      'click_url',
      'for_ios',
      'app_container',
      'image_url',
      'redirect_url',
    ]) {
      expect(app1, k).toHaveProperty(k)
    }
    expect((await c.get('/api/offers?type=NOPE')).status).toBe(422)
  })
  it('gives one offer and a campaign', async () => {
    const list = await c.get('/api/offers?type=CASHBACK')
    const o = list.body.data[0]
    expect((await c.get(`/api/offers/${o.offer_id}`)).body.data.display_name).toBe(o.display_name)
    expect((await c.get(`/api/campaigns/${o.campaign}`)).body.data.offer_id).toBe(o.offer_id)
    expect((await c.get('/api/offers/999999')).status).toBe(404)
    expect((await c.get('/api/campaigns/none-such')).status).toBe(404)
  })
  it('records an offer visit from a beacon', async () => {
    const o = (await c.get('/api/offers?type=GAME')).body.data[0]
    const r = await c.raw('POST', `/api/user/offer/visit/${o.offer_id}`, JSON.stringify(o), {
      'content-type': 'text/plain',
    })
    expect(r.status).toBe(204)
  })
  it('starting an offer needs sign-in and a verified email', async () => {
    const o = (await c.get('/api/offers?type=APP')).body.data[0]
    expect((await c.post(`/api/offers/${o.offer_id}/start`, {})).status).toBe(401)
    const unverified = await c.post(`/api/offers/${o.offer_id}/start`, {}, c.bearer(member))
    expect(unverified.status).toBe(403)
    expect(unverified.body.errors.email).toEqual(['Please verify your email'])
    const demo = await c.login()
    const ok = await c.post(`/api/offers/${o.offer_id}/start`, {}, c.bearer(demo))
    expect(ok.body.data.click_url).toMatch(/subid=/)
    const inc = await c.get('/api/offers/incomplete', c.bearer(demo))
    expect(inc.body.data.map((x: { offer_id: number }) => x.offer_id)).toContain(o.offer_id)
  })
  it('remembers at most offersRemembered (config/constants.json) incomplete offers', async () => {
    const n = constants.offersRemembered
    const { id } = (await app.services.db.one<{ id: number }>(
      "INSERT INTO users (email, name, is_verified, referral_code) VALUES ('many@example.com', 'M', true, 'MANY1') RETURNING id",
    ))!
    await app.services.db.query(
      `INSERT INTO offers (offer_type, display_name, display_description, image, click_url)
       SELECT 'APP', 'Remembered ' || g, 'd', '/x.png', 'https://example.com/o' FROM generate_series(1, $1) g`,
      [n + 3],
    )
    await app.services.db.query(
      "INSERT INTO offer_visits (user_id, offer_id) SELECT $1, id FROM offers WHERE display_name LIKE 'Remembered %'",
      [id],
    )
    const { token } = await app.services.sessions.issue(id)
    const inc = await c.get('/api/offers/incomplete', c.bearer(token))
    expect(inc.status).toBe(200)
    expect(inc.body.data).toHaveLength(n)
  })
})

describe('surveys', () => {
  it('onboarding first, then other surveys unlock; coins are credited once', async () => {
    await app.services.db.query("UPDATE users SET is_verified = true WHERE email = 'coins@example.com'")
    const uid = (await c.post('/api/sync-token', { nocache: true }, c.bearer(member))).body.user.user_id
    app.services.sessions.forget(uid)
    const ob = await c.get('/api/user/survey/list/onboarding', c.bearer(member))
    expect(ob.body.data).toMatchObject({ coins_advertised: 500, survey_estimated_time_in_mins: 3 })
    const list = await c.get('/api/surveys', c.bearer(member))
    expect(list.body.onboarding_completed).toBe(false)
    const locked = list.body.data.find((s: { locked: boolean }) => s.locked)
    expect(locked.coins_per_minute).toBeGreaterThan(0)
    expect(locked.screen_out_percent).toBeGreaterThanOrEqual(0)
    const early = await c.post(`/api/surveys/${locked.id}/start`, {}, c.bearer(member))
    expect(early.status).toBe(403)
    const onboarding = list.body.data.find((s: { locked: boolean }) => !s.locked)
    const done = await c.post('/api/survey/internal/complete', { survey_id: onboarding.id }, c.bearer(member))
    expect(done.body).toEqual({ success: true, coins_credited: 500, coin_balance: 500 })
    const twice = await c.post(
      '/api/survey/internal/complete',
      { survey_id: onboarding.id },
      c.bearer(member),
    )
    expect(twice.body.coins_credited).toBe(0)
    expect((await c.get('/api/user/survey/list/onboarding', c.bearer(member))).body.data).toBe('completed')
    const after = await c.post(`/api/surveys/${locked.id}/start`, {}, c.bearer(member))
    expect(after.status).toBe(200)
    const history = await c.get('/api/account/coins/history', c.bearer(member))
    expect(history.body.balance).toBe(500)
    expect(history.body.data[0].amount).toBe(500)
  })
  it('refuses bad survey input', async () => {
    expect((await c.post('/api/survey/Bad Name!/complete', { survey_id: 1 }, c.bearer(member))).status).toBe(
      422,
    )
    expect((await c.post('/api/survey/internal/complete', { survey_id: 'x' }, c.bearer(member))).status).toBe(
      422,
    )
    expect(
      (await c.post('/api/survey/internal/complete', { survey_id: 99999 }, c.bearer(member))).status,
    ).toBe(404)
  })
})
