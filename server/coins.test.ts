import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { canonical, sign } from './lib/coins.ts'
import { seed } from './seed/index.ts'
import { optionsFromEnv } from './startup.ts'
import { client, testServer } from './test-helpers.ts'

let app: FastifyInstance
let c: ReturnType<typeof client>
let member: string

beforeAll(async () => {
  app = await testServer({ devPlatformDelayMs: 20, coinSecrets: { tapjoy: 'tapjoy-test-secret-0123456789' } })
  c = client(app)
  member = (await c.register('coins@example.com')).login_token
})
afterAll(() => app?.close())

const db = () => app.services.db
let seq = 0
/** A verified member (onboarded unless told), with a token. */
async function verified(opts: { onboarded?: boolean } = {}) {
  const email = `coins-${++seq}-${Date.now()}@example.com`
  const r = await c.register(email)
  const uid = r.user.user_id
  await db().query('UPDATE users SET is_verified = true, coin_onboarding = $2 WHERE id = $1', [
    uid,
    opts.onboarded === false ? 0 : 1,
  ])
  app.services.sessions.forget(uid)
  return { uid, token: r.login_token, h: c.bearer(r.login_token) }
}
const surveys = async (h: Record<string, string>) =>
  (await c.get('/api/surveys', h)).body.data as {
    id: number
    is_onboarding: boolean
    needs_phone: boolean
    has_targeting: boolean
    done: boolean
    coins_advertised: number
  }[]
/** A plain survey (no phone, no targeting) for a member. */
async function plainSurvey(h: Record<string, string>) {
  return (await surveys(h)).find((s) => !s.is_onboarding && !s.needs_phone && !s.has_targeting && !s.done)!
}
async function start(h: Record<string, string>, surveyId: number) {
  const r = await c.post(`/api/surveys/${surveyId}/start`, {}, h)
  expect(r.status, r.text).toBe(200)
  return r.body.data as { click_url: string; attempt_id: string }
}
/** The development platform's postback parameter names (config/coins.json). */
const P = () => app.services.platforms.get('devsurvey')!.params
function signed(p: Record<string, string>, secret = app.services.platforms.secret('devsurvey')!) {
  return { ...p, [P().signature]: sign(p, P().signature, secret) }
}
const qs = (p: Record<string, string>) => new URLSearchParams(p).toString()
function params(attempt: string, tx: string, amount: number, status = 'complete') {
  const n = P()
  return { [n.attempt]: attempt, [n.transaction]: tx, [n.amount]: String(amount), [n.status]: status }
}
const postback = (p: Record<string, string>, platform = 'devsurvey') =>
  app.inject({ method: 'GET', url: `/api/postback/${platform}?${qs(p)}` })
const ledgerRows = (ref: string) =>
  db().query<{ amount: number; kind: string }>('SELECT amount, kind FROM ledger WHERE source_ref LIKE $1', [
    `${ref}%`,
  ])

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
  it('starting an offer: sign-in, a verified email, the terms for an iOS offer; it becomes incomplete', async () => {
    const { rows } = {
      rows: await db().query<{ id: number }>(
        "SELECT id FROM offers WHERE offer_type = 'APP' AND for_ios = 1 ORDER BY id LIMIT 1",
      ),
    }
    let ios = rows[0]?.id
    if (!ios) {
      ios = (await db().one<{ id: number }>(
        "INSERT INTO offers (offer_type, display_name, display_description, image, click_url, for_ios, network) VALUES ('APP', 'iOS app', 'd', '/x.png', 'https://example.com/i', 1, 'devsurvey') RETURNING id",
      ))!.id
    }
    expect((await c.post(`/api/offers/${ios}/start`, {})).status).toBe(401)
    const unverified = await c.post(`/api/offers/${ios}/start`, {}, c.bearer(member))
    expect(unverified.status).toBe(403)
    expect(unverified.body.errors.email).toEqual(['Please verify your email'])
    expect(unverified.body.code).toBe('email_unverified')
    const m = await verified()
    const noTerms = await c.post(`/api/offers/${ios}/start`, { app_tracking_allowed: false }, m.h)
    expect(noTerms.status).toBe(403)
    expect(noTerms.body.code).toBe('terms_required')
    expect(noTerms.body.errors.app_tracking_allowed).toEqual(['You need to agree with the terms'])
    expect((await c.post(`/api/offers/${ios}/start`, {}, m.h)).body.code).toBe('terms_required')
    const ok = await c.post(`/api/offers/${ios}/start`, { app_tracking_allowed: true }, m.h)
    expect(ok.status).toBe(200)
    expect(ok.body.data.click_url).toBe(`/dev-platform/offer/${ok.body.data.attempt_id}`)
    const inc = await c.get('/api/offers/incomplete', m.h)
    expect(inc.body.data.map((x: { offer_id: number }) => x.offer_id)).toEqual([ios])
    // completed by its platform: no longer incomplete
    await postback(signed(params(ok.body.data.attempt_id, `offer-${ios}`, 100)))
    expect((await c.get('/api/offers/incomplete', m.h)).body.data).toEqual([])
  })
  it('remembers at most offersRemembered (config/constants.json) incomplete offers, newest first', async () => {
    const n = constants.offersRemembered
    const m = await verified()
    const ids = await db().query<{ id: number }>(
      `INSERT INTO offers (offer_type, display_name, display_description, image, click_url, network)
       SELECT 'GAME', 'Remembered ' || g, 'd', '/x.png', 'https://example.com/o', 'devsurvey'
       FROM generate_series(1, $1) g RETURNING id`,
      [n + 3],
    )
    await db().query(
      `INSERT INTO coin_attempts (id, user_id, platform, offer_id, created_at)
       SELECT 'att-many-' || x.id, $1, 'devsurvey', x.id, now() - interval '1 hour' + (x.id || ' seconds')::interval FROM unnest($2::int[]) AS x(id)`,
      [m.uid, ids.map((r) => r.id)],
    )
    const inc = await c.get('/api/offers/incomplete', m.h)
    expect(inc.status).toBe(200)
    expect(inc.body.data).toHaveLength(n)
    // newest first: the highest id was started last
    expect(inc.body.data[0].offer_id).toBe(Math.max(...ids.map((r) => r.id)))
  })
})

describe('postbacks: the only way coins are credited', () => {
  it('a signed completion books the coins once, completes the onboarding and the attempt', async () => {
    const m = await verified({ onboarded: false })
    const onboarding = (await surveys(m.h)).find((s) => s.is_onboarding)!
    const a = await start(m.h, onboarding.id)
    expect(a.click_url).toBe(`/dev-platform/survey/${a.attempt_id}`)
    const pending = await c.get(`/api/coins/attempt?platform=devsurvey&attempt=${a.attempt_id}`, m.h)
    expect(pending.body.data).toMatchObject({ status: 'started', coins_credited: 0, coin_balance: 0 })
    const r = await postback(signed(params(a.attempt_id, 'tx-onb-1', onboarding.coins_advertised)))
    expect(r.statusCode).toBe(200)
    expect(JSON.parse(r.body)).toEqual({ status: 'ok' })
    expect(await ledgerRows('postback:devsurvey:tx-onb-1')).toEqual([
      { amount: onboarding.coins_advertised, kind: 'coin_survey' },
    ])
    const after = await c.get(`/api/coins/attempt?platform=devsurvey&attempt=${a.attempt_id}`, m.h)
    expect(after.body.data).toMatchObject({
      status: 'completed',
      kind: 'survey',
      coins_credited: onboarding.coins_advertised,
      coin_balance: onboarding.coins_advertised,
    })
    // without `attempt`: the latest on that platform
    expect((await c.get('/api/coins/attempt?platform=devsurvey', m.h)).body.data.attempt_id).toBe(
      a.attempt_id,
    )
    expect((await c.get('/api/user/survey/list/onboarding', m.h)).body.data).toBe('completed')
    // replay: answered as done, nothing booked twice
    const again = await postback(signed(params(a.attempt_id, 'tx-onb-1', onboarding.coins_advertised)))
    expect(again.statusCode).toBe(200)
    expect(JSON.parse(again.body)).toEqual({ status: 'ok', duplicate: true })
    expect(await ledgerRows('postback:devsurvey:tx-onb-1')).toHaveLength(1)
    // the same attempt completed under another transaction id books nothing either
    await postback(signed(params(a.attempt_id, 'tx-onb-2', onboarding.coins_advertised)))
    expect(await ledgerRows('postback:devsurvey:tx-onb-2')).toHaveLength(0)
  })

  it('refuses a one-byte change of the signature or of a parameter, a missing parameter, an unknown platform or attempt', async () => {
    const m = await verified()
    const a = await start(m.h, (await plainSurvey(m.h)).id)
    const good = signed(params(a.attempt_id, 'tx-bad-1', 300))
    const sig = good[P().signature]!
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`
    const r1 = await postback({ ...good, [P().signature]: flipped })
    expect(r1.statusCode).toBe(403)
    expect(JSON.parse(r1.body)).toMatchObject({ status: 'error', code: 'bad_signature' })
    const r2 = await postback({ ...good, [P().amount]: '301' })
    expect(r2.statusCode).toBe(403)
    for (const k of Object.keys(good)) {
      const { [k]: _gone, ...rest } = good
      const r = await postback(k === P().signature ? rest : signed(rest))
      expect(r.statusCode, k).toBe(400)
      expect(JSON.parse(r.body).code, k).toBe('missing_parameter')
    }
    expect((await postback(good, 'nosuch')).statusCode).toBe(404)
    const unknown = await postback(signed(params('no-such-attempt-0001', 'tx-bad-2', 300)))
    expect(unknown.statusCode).toBe(404)
    expect(JSON.parse(unknown.body).code).toBe('unknown_attempt')
    // signed with another secret
    expect((await postback(signed(params(a.attempt_id, 'tx-bad-1', 300), 'x'.repeat(43)))).statusCode).toBe(
      403,
    )
    // a platform without its secret is off
    const off = await postback(good, 'cint')
    expect(off.statusCode).toBe(503)
    expect(off.body).toBe('0')
    expect(await ledgerRows('postback:devsurvey:tx-bad')).toHaveLength(0)
    expect(
      (await c.get(`/api/coins/attempt?platform=devsurvey&attempt=${a.attempt_id}`, m.h)).body.data.status,
    ).toBe('started')
    // the good one still works, also as a POST form
    const ok = await app.inject({
      method: 'POST',
      url: '/api/postback/devsurvey',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: qs(good),
    })
    expect(ok.statusCode).toBe(200)
    expect(await ledgerRows('postback:devsurvey:tx-bad-1')).toEqual([{ amount: 300, kind: 'coin_survey' }])
  })

  it('answers a text platform in its form: an offer on tapjoy, its parameter names and "1"', async () => {
    const m = await verified()
    const { id } = (await db().one<{ id: number }>(
      "INSERT INTO offers (offer_type, display_name, display_description, image, click_url, network, coins_advertised) VALUES ('GAME', 'Partner game', 'd', '/x.png', 'https://partner.example.com/play?x=1', 'tapjoy', 700) RETURNING id",
    ))!
    const r = await c.post(`/api/offers/${id}/start`, {}, m.h)
    expect(r.status).toBe(200)
    const attempt = r.body.data.attempt_id as string
    expect(r.body.data.click_url).toBe(`https://partner.example.com/play?x=1&snuid=${attempt}`)
    const p = { snuid: attempt, id: 'tj-1', currency: '700', status: 'complete' }
    const tj = (q: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/postback/tapjoy?${qs(q)}` })
    const bad = await tj({ ...p, verifier: sign(p, 'verifier', 'wrong-secret') })
    expect([bad.statusCode, bad.body]).toEqual([403, '0'])
    const ok = await tj({ ...p, verifier: sign(p, 'verifier', 'tapjoy-test-secret-0123456789') })
    expect([ok.statusCode, ok.body]).toEqual([200, '1'])
    expect(await ledgerRows('postback:tapjoy:tj-1')).toEqual([{ amount: 700, kind: 'coin_offer' }])
    // the devsurvey signature of the same attempt is no use on tapjoy: the attempt is not devsurvey's
    expect((await postback(signed(params(attempt, 'tj-2', 700)))).statusCode).toBe(404)
  })

  it('the API document describes the postback, the start and the attempt calls', async () => {
    const paths = (await c.get('/api/docs')).body.paths
    expect(Object.keys(paths['/api/postback/{platform}']).sort()).toEqual(['get', 'post'])
    expect(Object.keys(paths['/api/surveys/{survey_id}/start'])).toEqual(['post'])
    expect(Object.keys(paths['/api/coins/attempt'])).toEqual(['get'])
  })

  it('documents the canonical string: parameters but the signature, URL-encoded, sorted by name, k=v joined by &', () => {
    expect(canonical({ b: '2', signature: 'x', a: '1', c: 'x y' }, 'signature')).toBe('a=1&b=2&c=x%20y')
  })

  it('a reversal debits the same amount with its own row; replaying it books nothing', async () => {
    const m = await verified()
    const a = await start(m.h, (await plainSurvey(m.h)).id)
    expect((await postback(signed(params(a.attempt_id, 'tx-rev', 250)))).statusCode).toBe(200)
    // a reversal of a transaction never credited is refused
    expect((await postback(signed(params(a.attempt_id, 'tx-rev-none', 250, 'reversal')))).statusCode).toBe(
      409,
    )
    for (let k = 0; k < 2; k++) {
      expect((await postback(signed(params(a.attempt_id, 'tx-rev', 250, 'reversal')))).statusCode).toBe(200)
    }
    expect(await ledgerRows('postback:devsurvey:tx-rev')).toEqual(
      expect.arrayContaining([
        { amount: 250, kind: 'coin_survey' },
        { amount: -250, kind: 'coin_reversal' },
      ]),
    )
    expect(await ledgerRows('postback:devsurvey:tx-rev')).toHaveLength(2)
    const at = await c.get(`/api/coins/attempt?platform=devsurvey&attempt=${a.attempt_id}`, m.h)
    expect(at.body.data).toMatchObject({ status: 'reversed', coins_credited: 0, coin_balance: 0 })
  })

  it('100 concurrent identical postbacks book one ledger row', async () => {
    const m = await verified()
    const a = await start(m.h, (await plainSurvey(m.h)).id)
    const p = qs(signed(params(a.attempt_id, 'tx-burst', 400)))
    const all = await Promise.all(
      Array.from({ length: 100 }, () => app.inject({ method: 'GET', url: `/api/postback/devsurvey?${p}` })),
    )
    expect(all.every((r) => r.statusCode === 200)).toBe(true)
    expect(all.filter((r) => !JSON.parse(r.body).duplicate)).toHaveLength(1)
    expect(await ledgerRows('postback:devsurvey:tx-burst')).toEqual([{ amount: 400, kind: 'coin_survey' }])
    const sums = await db().one<{ n: number }>(
      "SELECT count(*)::int AS n FROM coin_postbacks WHERE transaction_id = 'tx-burst'",
    )
    expect(sums!.n).toBe(1)
  })

  it('a screen-out books nothing and finishes the attempt', async () => {
    const m = await verified()
    const sv = await plainSurvey(m.h)
    const a = await start(m.h, sv.id)
    expect((await postback(signed(params(a.attempt_id, 'tx-so', 0, 'screenout')))).statusCode).toBe(200)
    expect(await ledgerRows('postback:devsurvey:tx-so')).toHaveLength(0)
    const list = await surveys(m.h)
    expect(list.find((s) => s.id === sv.id)!.done).toBe(true)
    const again = await c.post(`/api/surveys/${sv.id}/start`, {}, m.h)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('already_done')
  })
})

describe('members cannot credit coins', () => {
  it('the self-credit path is gone and no member call credits coins', async () => {
    const m = await verified()
    expect((await c.post('/api/survey/devsurvey/complete', { survey_id: 1 }, m.h)).status).toBe(404)
    expect((await c.post('/api/survey/internal/complete', { survey_id: 1 }, m.h)).status).toBe(404)
    expect(app.routeTable.filter((r) => /\/survey\/[^/]+\/complete/.test(r.url))).toEqual([])
    const sv = await plainSurvey(m.h)
    const a = await start(m.h, sv.id)
    await c.get(`/api/coins/attempt?platform=devsurvey&attempt=${a.attempt_id}`, m.h)
    // a postback sent with the member's token and no signature is refused like any other
    expect(
      (await c.get(`/api/postback/devsurvey?${qs(params(a.attempt_id, 'tx-self', 9999))}`, m.h)).status,
    ).toBe(400)
    const coins = await db().one<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger WHERE user_id = $1 AND currency = 'coin'",
      [m.uid],
    )
    expect(coins!.n).toBe(0)
  })

  it("a member reading another member's attempt gets 404", async () => {
    const a = await verified()
    const b = await verified()
    const at = await start(a.h, (await plainSurvey(a.h)).id)
    expect((await c.get(`/api/coins/attempt?platform=devsurvey&attempt=${at.attempt_id}`, a.h)).status).toBe(
      200,
    )
    expect((await c.get(`/api/coins/attempt?platform=devsurvey&attempt=${at.attempt_id}`, b.h)).status).toBe(
      404,
    )
    expect((await c.get('/api/coins/attempt?platform=devsurvey', b.h)).status).toBe(404)
    expect((await c.get(`/api/coins/attempt?platform=devsurvey&attempt=${at.attempt_id}`)).status).toBe(401)
  })
})

describe('starting a survey: gating on the server', () => {
  it('sign-in, a verified email, onboarding first', async () => {
    const list = await surveys({})
    const onboarding = list.find((s) => s.is_onboarding)!
    const other = list.find((s) => !s.is_onboarding)!
    expect((await c.post(`/api/surveys/${other.id}/start`, {})).status).toBe(401)
    const unverified = await c.post(`/api/surveys/${onboarding.id}/start`, {}, c.bearer(member))
    expect(unverified.status).toBe(403)
    expect(unverified.body).toMatchObject({
      code: 'email_unverified',
      errors: { email: ['Please verify your email'] },
    })
    const m = await verified({ onboarded: false })
    const mine = await c.get('/api/surveys', m.h)
    expect(mine.body.onboarding_completed).toBe(false)
    expect(mine.body.data.find((s: { id: number }) => s.id === other.id).locked).toBe(true)
    const early = await c.post(`/api/surveys/${other.id}/start`, {}, m.h)
    expect(early.status).toBe(403)
    expect(early.body.code).toBe('onboarding_required')
    const ob = await c.get('/api/user/survey/list/onboarding', m.h)
    expect(ob.body.data).toMatchObject({
      coins_advertised: 500,
      click_url: `/api/surveys/${onboarding.id}/start`,
    })
    expect((await c.get(`/api/surveys/${onboarding.id}`, m.h)).body.data).toMatchObject({
      is_onboarding: true,
      locked: false,
      done: false,
    })
    expect((await c.get('/api/surveys/999999', m.h)).status).toBe(404)
  })

  it('phone_required until the phone is verified', async () => {
    const m = await verified()
    const sv = (await surveys(m.h)).find((s) => s.needs_phone)!
    const r = await c.post(`/api/surveys/${sv.id}/start`, {}, m.h)
    expect(r.status).toBe(403)
    expect(r.body.code).toBe('phone_required')
    await db().query('UPDATE users SET phone_verified_at = now() WHERE id = $1', [m.uid])
    await start(m.h, sv.id)
  })

  it('targeting_required until answered; not_qualified when the answers do not match', async () => {
    const m = await verified()
    const sv = (await surveys(m.h)).find((s) => s.has_targeting && !s.needs_phone)!
    const r = await c.post(`/api/surveys/${sv.id}/start`, {}, m.h)
    expect(r.status).toBe(409)
    expect(r.body.code).toBe('targeting_required')
    const t = (await db().one<{ targeting: Record<string, string[]> }>(
      'SELECT targeting FROM surveys WHERE id = $1',
      [sv.id],
    ))!.targeting
    const opts = await db().query<{ key: string; options: string[] }>(
      'SELECT key, options FROM targeting_questions',
    )
    const wrong = Object.keys(t).map((k) => [
      k,
      opts.find((o) => o.key === k)!.options.find((x) => !t[k]!.includes(x))!,
    ])
    for (const [k, v] of wrong)
      await db().query('INSERT INTO targeting_answers (user_id, key, answer) VALUES ($1, $2, $3)', [
        m.uid,
        k,
        v,
      ])
    const no = await c.post(`/api/surveys/${sv.id}/start`, {}, m.h)
    expect(no.status).toBe(403)
    expect(no.body.code).toBe('not_qualified')
    for (const k of Object.keys(t))
      await db().query('UPDATE targeting_answers SET answer = $3 WHERE user_id = $1 AND key = $2', [
        m.uid,
        k,
        t[k]![0],
      ])
    await start(m.h, sv.id)
  })

  it('a survey on a platform with no secret is not startable (503 platform_unavailable)', async () => {
    const m = await verified()
    const { id } = (await db().one<{ id: number }>(
      "INSERT INTO surveys (platform, title, coins_advertised, minutes, screen_out_percent, click_url) VALUES ('cint', 'Partner survey', 100, 5, 10, 'https://example.com/cint') RETURNING id",
    ))!
    const r = await c.post(`/api/surveys/${id}/start`, {}, m.h)
    expect(r.status).toBe(503)
    expect(r.body.code).toBe('platform_unavailable')
    await db().query('UPDATE surveys SET active = false WHERE id = $1', [id])
  })
})

describe('a database seeded before the postbacks', () => {
  it("moves the old seed's surveys and offers to the development platform at the next start", async () => {
    const old = await db().query<{ id: number }>(
      `INSERT INTO surveys (platform, title, coins_advertised, minutes, screen_out_percent, click_url)
       VALUES ('pollfish', 'Old seed survey', 100, 5, 10, 'https://www.example.com/survey/pollfish/3'),
              ('cint', 'Real partner survey', 100, 5, 10, 'https://surveys.cint.example/s/1') RETURNING id`,
    )
    const offer = (await db().one<{ id: number }>(
      "INSERT INTO offers (offer_type, display_name, display_description, image, click_url) VALUES ('APP', 'Old app', 'd', '/x.png', 'https://www.example.com/offer/app/9') RETURNING id",
    ))!
    expect(await seed(db(), { root: process.cwd(), small: true })).toBe(false)
    const rows = await db().query<{ platform: string }>(
      'SELECT platform FROM surveys WHERE id = ANY($1::int[]) ORDER BY id',
      [old.map((r) => r.id)],
    )
    expect(rows.map((r) => r.platform)).toEqual(['devsurvey', 'cint'])
    expect(await db().one('SELECT network FROM offers WHERE id = $1', [offer.id])).toEqual({
      network: 'devsurvey',
    })
    await db().query('UPDATE surveys SET active = false WHERE id = ANY($1::int[])', [old.map((r) => r.id)])
  })
})

describe('screen-out rate', () => {
  it('comes from finished attempts once there are screenOutMinAttempts, else the estimate', async () => {
    const min = constants.coins.screenOutMinAttempts
    const { id } = (await db().one<{ id: number }>(
      "INSERT INTO surveys (platform, title, coins_advertised, minutes, screen_out_percent, click_url) VALUES ('devsurvey', 'History survey', 100, 5, 33, '/dev-platform/survey') RETURNING id",
    ))!
    const m = await verified()
    const add = (n: number, status: string, tag: string) =>
      db().query(
        `INSERT INTO coin_attempts (id, user_id, platform, survey_id, status)
         SELECT 'hist-${tag}-' || g, $1, 'devsurvey', $2, $3 FROM generate_series(1, $4) g`,
        [m.uid, id, status, n],
      )
    const screened = Math.ceil(min / 4)
    await add(screened, 'screened_out', 'so')
    await add(min - screened - 1, 'completed', 'c')
    await add(5, 'started', 's') // unfinished attempts do not count
    const one = async () => (await c.get(`/api/surveys/${id}`)).body.data
    expect(await one()).toMatchObject({ screen_out_percent: 33, screen_out_from_history: false })
    await add(1, 'completed', 'last')
    expect(await one()).toMatchObject({
      screen_out_percent: Math.round((100 * screened) / min),
      screen_out_from_history: true,
    })
  })
})

describe('the development platform', () => {
  it('plays a survey: the page, then its own signed postback lands', async () => {
    const m = await verified()
    const sv = await plainSurvey(m.h)
    const a = await start(m.h, sv.id)
    const page = await c.get(a.click_url)
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.text).toContain('>Complete the survey</button>')
    expect(page.text).toContain('>Screen me out</button>')
    const post = await c.raw('POST', a.click_url, 'action=complete&shops_online=yes', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(post.status).toBe(303)
    expect(post.headers.location).toBe(`/survey/devsurvey/complete?attempt=${a.attempt_id}`)
    let row: { amount: number } | undefined
    for (let k = 0; k < 100 && !row; k++) {
      await new Promise((r) => setTimeout(r, 50))
      row = await db().one<{ amount: number }>(
        "SELECT l.amount FROM ledger l JOIN coin_postbacks p ON l.source_ref = 'postback:devsurvey:' || p.transaction_id WHERE p.attempt_id = $1",
        [a.attempt_id],
      )
    }
    expect(row).toEqual({ amount: sv.coins_advertised })
    const at = await c.get(`/api/coins/attempt?platform=devsurvey&attempt=${a.attempt_id}`, m.h)
    expect(at.body.data).toMatchObject({ status: 'completed', coins_credited: sv.coins_advertised })
    const finished = await c.get(a.click_url)
    expect(finished.text).toContain('already finished')
    expect(finished.text).not.toContain('Complete the survey</button>')
    expect(
      (
        await c.raw('POST', a.click_url, 'action=complete', {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(409)
  })

  it('screens out on "Screen me out" or a "No" to its question, and takes one submission', async () => {
    const m = await verified()
    const list = (await surveys(m.h)).filter((s) => !s.is_onboarding && !s.needs_phone && !s.has_targeting)
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const a = await start(m.h, list[0]!.id)
    const b = await start(m.h, list[1]!.id)
    expect((await c.raw('POST', a.click_url, 'action=screenout', form)).status).toBe(303)
    // a second submission while the postback is on its way is refused
    expect((await c.raw('POST', a.click_url, 'action=complete', form)).status).toBe(409)
    expect((await c.raw('POST', b.click_url, 'action=complete&shops_online=no', form)).status).toBe(303)
    const status = async (id: string) =>
      (await c.get(`/api/coins/attempt?platform=devsurvey&attempt=${id}`, m.h)).body.data.status
    for (
      let k = 0;
      k < 100 && ((await status(a.attempt_id)) === 'started' || (await status(b.attempt_id)) === 'started');
      k++
    )
      await new Promise((r) => setTimeout(r, 50))
    expect([await status(a.attempt_id), await status(b.attempt_id)]).toEqual(['screened_out', 'screened_out'])
    const coins = await db().one<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger WHERE user_id = $1 AND currency = 'coin'",
      [m.uid],
    )
    expect(coins!.n).toBe(0)
  })

  it('plays an offer and sends the member back to it', async () => {
    const m = await verified()
    const o = (await db().one<{ id: number }>(
      "SELECT id FROM offers WHERE offer_type = 'GAME' AND for_ios = 0 AND network = 'devsurvey' ORDER BY id LIMIT 1",
    ))!
    const r = await c.post(`/api/offers/${o.id}/start`, {}, m.h)
    expect(r.status).toBe(200)
    const page = await c.get(r.body.data.click_url)
    expect(page.text).toContain('>Complete the offer</button>')
    const post = await c.raw('POST', r.body.data.click_url, 'action=complete', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(post.headers.location).toBe(
      `/coins/offer/${o.id}?attempt=${r.body.data.attempt_id}&platform=devsurvey`,
    )
    expect((await c.get('/dev-platform/offer/no-such-attempt')).status).toBe(404)
  })

  it('is off on a real PostgreSQL in production unless DEV_SURVEY_PLATFORM=1', async () => {
    const pg = 'postgres://u:p@db.example.com/rewards'
    expect(optionsFromEnv({ DATABASE_URL: pg }).devSurveyPlatform).toBe(false)
    expect(optionsFromEnv({ DATABASE_URL: pg, DEV_SURVEY_PLATFORM: '1' }).devSurveyPlatform).toBe(true)
    expect(optionsFromEnv({ DATABASE_URL: pg, NODE_ENV: 'test' }).devSurveyPlatform).toBe(true)
    expect(optionsFromEnv({}).devSurveyPlatform).toBe(true)
    expect(optionsFromEnv({ COINS_SECRET_CINT: 'abc' }).coinSecrets).toEqual({ cint: 'abc' })
    const off = await testServer({ mode: undefined, devSurveyPlatform: false })
    try {
      const oc = client(off)
      expect((await oc.get('/dev-platform/survey/anything')).status).toBe(404)
      expect(off.summary('http://x')).toContain('surveys:  development platform off')
      expect(app.summary('http://x')).toContain(
        'surveys:  development platform on (its coins are test money)',
      )
      const token = await oc.login()
      await off.services.db.query("UPDATE users SET coin_onboarding = 1 WHERE email = 'demo@example.com'")
      const sv = (await oc.get('/api/surveys', oc.bearer(token))).body.data.find(
        (s: { is_onboarding: boolean }) => !s.is_onboarding,
      )
      const r = await oc.post(`/api/surveys/${sv.id}/start`, {}, oc.bearer(token))
      expect(r.status).toBe(503)
      expect(r.body.code).toBe('platform_unavailable')
      expect((await oc.get('/api/postback/devsurvey?x=1')).status).toBe(503)
    } finally {
      await off.close()
    }
  })
})
