import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonical, coinsConfig, sign } from './lib/coins.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 25, items 2, 3 and 15: a survey or offer pays a member once (per named event for a platform that
 * pays per event), enforced by the database; the development platform's coins are test money; the
 * postback's signed string is unambiguous (URL-encoded keys and values).
 */
let app: FastifyInstance
let c: ReturnType<typeof client>
const SECRETS = { tapjoy: 'tapjoy-test-secret-0123456789', cint: 'cint-test-secret-0123456789' }

beforeAll(async () => {
  app = await testServer({ devPlatformDelayMs: 20, coinSecrets: SECRETS })
  c = client(app)
})
afterAll(() => app?.close())

const db = () => app.services.db
let seq = 0
async function verified() {
  const r = await c.register(`once-${++seq}-${Date.now()}@example.com`)
  const uid = r.user.user_id
  await db().query('UPDATE users SET is_verified = true, coin_onboarding = 1 WHERE id = $1', [uid])
  app.services.sessions.forget(uid)
  return { uid, h: c.bearer(r.login_token) }
}
const secretOf = (platform: string) => app.services.platforms.secret(platform)!
const P = (platform: string) => app.services.platforms.get(platform)!.params
function signed(platform: string, p: Record<string, string>) {
  const n = P(platform).signature
  return { ...p, [n]: sign(p, n, secretOf(platform)) }
}
function params(platform: string, attempt: string, tx: string, amount: number, extra = {}) {
  const n = P(platform)
  return {
    [n.attempt]: attempt,
    [n.transaction]: tx,
    [n.amount]: String(amount),
    [n.status]: 'complete',
    ...extra,
  }
}
const postback = (platform: string, p: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/postback/${platform}?${new URLSearchParams(p)}` })
const paidRows = (uid: number) =>
  db().query<{ amount: number; kind: string; test: boolean }>(
    "SELECT amount, kind, test FROM ledger WHERE user_id = $1 AND kind IN ('coin_survey', 'coin_offer') ORDER BY id",
    [uid],
  )

async function survey(platform: string, coins: number) {
  return (await db().one<{ id: number }>(
    `INSERT INTO surveys (platform, title, coins_advertised, minutes, screen_out_percent, click_url)
     VALUES ($1, 'Once only', $2, 5, 10, 'https://partner.example.com/s') RETURNING id`,
    [platform, coins],
  ))!.id
}
async function offer(platform: string, coins: number) {
  return (await db().one<{ id: number }>(
    `INSERT INTO offers (offer_type, display_name, display_description, image, click_url, network, coins_advertised)
     VALUES ('GAME', 'Level game', 'd', '/x.png', 'https://partner.example.com/play', $1, $2) RETURNING id`,
    [platform, coins],
  ))!.id
}
async function startSurvey(h: Record<string, string>, id: number) {
  const r = await c.post(`/api/surveys/${id}/start`, {}, h)
  expect(r.status, r.text).toBe(200)
  return r.body.data.attempt_id as string
}
async function startOffer(h: Record<string, string>, id: number) {
  const r = await c.post(`/api/offers/${id}/start`, {}, h)
  expect(r.status, r.text).toBe(200)
  return r.body.data.attempt_id as string
}

describe('a survey or offer pays a member once', () => {
  for (const platform of ['cint', 'devsurvey']) {
    it(`100 concurrent completions of one member's attempt set pay once (${platform})`, async () => {
      const m = await verified()
      const id = await survey(platform, 320)
      // the member starts the survey 10 times before any completion lands
      const attempts: string[] = []
      for (let i = 0; i < 10; i++) attempts.push(await startSurvey(m.h, id))
      const all = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          postback(
            platform,
            signed(platform, params(platform, attempts[i % 10]!, `${platform}-set-${i}`, 320)),
          ),
        ),
      )
      expect(all.map((r) => r.statusCode)).toEqual(Array(100).fill(200))
      expect(await paidRows(m.uid)).toEqual([
        { amount: 320, kind: 'coin_survey', test: platform === 'devsurvey' },
      ])
      const pay = await db().query('SELECT 1 FROM coin_payments WHERE user_id = $1', [m.uid])
      expect(pay).toHaveLength(1)
      // it shows as taken, and starting it again is refused
      const list = (await c.get('/api/surveys', m.h)).body.data as { id: number; done: boolean }[]
      expect(list.find((s) => s.id === id)!.done).toBe(true)
      const again = await c.post(`/api/surveys/${id}/start`, {}, m.h)
      expect([again.status, again.body.code]).toEqual([409, 'already_done'])
    })
  }

  it('a second attempt completed after the first was paid (and even reversed) pays nothing', async () => {
    const m = await verified()
    const id = await survey('cint', 150)
    const a1 = await startSurvey(m.h, id)
    const a2 = await startSurvey(m.h, id)
    expect((await postback('cint', signed('cint', params('cint', a1, 'seq-1', 150)))).body).toBe('1')
    const rev = { ...params('cint', a1, 'seq-1', 150), result: 'reversal' }
    expect((await postback('cint', signed('cint', rev))).statusCode).toBe(200)
    const late = await postback('cint', signed('cint', params('cint', a2, 'seq-2', 150)))
    expect([late.statusCode, late.body]).toEqual([200, '1'])
    expect((await paidRows(m.uid)).map((r) => r.amount)).toEqual([150])
  })

  it('an offer (single completion) pays once over concurrent attempts, then cannot be started again', async () => {
    const m = await verified()
    const id = await offer('tapjoy', 600)
    const attempts = [await startOffer(m.h, id), await startOffer(m.h, id), await startOffer(m.h, id)]
    const all = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postback('tapjoy', signed('tapjoy', params('tapjoy', attempts[i % 3]!, `tj-set-${i}`, 600))),
      ),
    )
    expect(all.every((r) => r.statusCode === 200 && r.body === '1')).toBe(true)
    expect(await paidRows(m.uid)).toEqual([{ amount: 600, kind: 'coin_offer', test: false }])
    const again = await c.post(`/api/offers/${id}/start`, {}, m.h)
    expect([again.status, again.body.code]).toEqual([409, 'already_done'])
  })
})

describe('migration 009 on a database paid before it', () => {
  it('records what was paid (one payment per member and survey), so no later attempt pays again', async () => {
    const m = await verified()
    const id = await survey('cint', 210)
    // attempts of an older version: two completions of one survey, and one attempt still open
    for (const [a, status] of [
      ['old-a1', 'completed'],
      ['old-a2', 'completed'],
      ['old-a3', 'started'],
    ])
      await db().query(
        'INSERT INTO coin_attempts (id, user_id, platform, survey_id, status) VALUES ($1, $2, $3, $4, $5)',
        [`${a}-${m.uid}`, m.uid, 'cint', id, status],
      )
    const sql = readFileSync(join(import.meta.dirname, 'db/migrations/009_pay_once.sql'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith('INSERT INTO coin_payments'))!
    await db().query(sql)
    await db().query(sql) // again: nothing more
    const rows = await db().query<{ attempt_id: string }>(
      'SELECT attempt_id FROM coin_payments WHERE user_id = $1',
      [m.uid],
    )
    expect(rows).toHaveLength(1)
    const open = await postback('cint', signed('cint', params('cint', `old-a3-${m.uid}`, 'old-tx', 210)))
    expect([open.statusCode, open.body]).toEqual([200, '1'])
    expect(await paidRows(m.uid)).toEqual([])
  })
})

describe('a platform that pays per event (config/coins.json events)', () => {
  for (const platform of ['tapjoy', 'devsurvey']) {
    it(`pays each named event once and refuses an unnamed event (${platform})`, async () => {
      const ev = app.services.platforms.get(platform)!.events!
      expect(ev.names.length).toBeGreaterThanOrEqual(2)
      const [first, second] = ev.names as [string, string]
      const m = await verified()
      const id = await offer(platform, 900)
      const a1 = await startOffer(m.h, id)
      const a2 = await startOffer(m.h, id)
      const at = (a: string, tx: string, event: string, amount: number) =>
        postback(platform, signed(platform, params(platform, a, tx, amount, { [ev.param]: event })))
      expect((await at(a1, `${platform}-ev-1`, first, 100)).statusCode).toBe(200)
      // the same event again, under another transaction or attempt: nothing more
      expect((await at(a1, `${platform}-ev-2`, first, 100)).statusCode).toBe(200)
      // the next event, 50 times at once over both attempts: once
      const burst = await Promise.all(
        Array.from({ length: 50 }, (_, i) => at(i % 2 ? a1 : a2, `${platform}-ev-b${i}`, second, 200)),
      )
      expect(burst.every((r) => r.statusCode === 200)).toBe(true)
      // an event the platform does not name is refused
      const unnamed = await at(a1, `${platform}-ev-x`, 'level_999', 5000)
      expect(unnamed.statusCode).toBe(400)
      expect(unnamed.body).toMatch(platform === 'tapjoy' ? /^0$/ : /unknown_event/)
      expect(await paidRows(m.uid)).toEqual([
        { amount: 100, kind: 'coin_offer', test: platform === 'devsurvey' },
        { amount: 200, kind: 'coin_offer', test: platform === 'devsurvey' },
      ])
      // events are left: the offer can still be played
      expect((await c.post(`/api/offers/${id}/start`, {}, m.h)).status).toBe(200)
    })
  }

  it('config/coins.json: an events entry names its parameter and at least one event, checked by zod', () => {
    const withEvents = coinsConfig.platforms.filter((p) => p.events)
    expect(withEvents.map((p) => p.id).sort()).toEqual(['devsurvey', 'tapjoy'])
  })
})

describe('test money', () => {
  it("the development platform's coins are test money; a real partner's are not", async () => {
    const m = await verified()
    const dev = await startSurvey(m.h, await survey('devsurvey', 40))
    const real = await startSurvey(m.h, await survey('cint', 50))
    await postback('devsurvey', signed('devsurvey', params('devsurvey', dev, 'tm-dev', 40)))
    await postback('cint', signed('cint', params('cint', real, 'tm-real', 50)))
    expect(await paidRows(m.uid)).toEqual([
      { amount: 40, kind: 'coin_survey', test: true },
      { amount: 50, kind: 'coin_survey', test: false },
    ])
  })

  it("the development platform's own page books test money", async () => {
    const m = await verified()
    const a = await startSurvey(m.h, await survey('devsurvey', 70))
    const r = await app.inject({
      method: 'POST',
      url: `/dev-platform/survey/${a}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'shops_online=yes&action=complete',
    })
    expect(r.statusCode).toBe(303)
    await expect
      .poll(() => paidRows(m.uid), { timeout: 5000 })
      .toEqual([{ amount: 70, kind: 'coin_survey', test: true }])
  })
})

describe('the signed string (server/README.md "Canonical string")', () => {
  it('URL-encodes each name and value: parameter sets that collided before now differ', () => {
    const s = (p: Record<string, string>) => sign(p, 'signature', 'k')
    expect(canonical({ a: '1&b=2' }, 'signature')).toBe('a=1%26b%3D2')
    expect(canonical({ a: '1', b: '2' }, 'signature')).toBe('a=1&b=2')
    expect(s({ a: '1&b=2' })).not.toBe(s({ a: '1', b: '2' }))
    expect(s({ 'a=1&b': '2' })).not.toBe(s({ a: '1', b: '2' }))
  })

  it('the worked example of the README is what the server computes', () => {
    const readme = readFileSync(join(import.meta.dirname, 'README.md'), 'utf8')
    const example = {
      subid: 'Ab3_x',
      transaction_id: 'tx 1/2',
      coins: '500',
      status: 'complete',
      note: 'a&b=c é',
    }
    const str = canonical(example, 'signature')
    expect(str).toBe(
      'coins=500&note=a%26b%3Dc%20%C3%A9&status=complete&subid=Ab3_x&transaction_id=tx%201%2F2',
    )
    expect(readme).toContain(str)
    expect(readme).toContain(sign(example, 'signature', 'example-secret'))
  })

  it('a postback signed the documented way (encode, sort, join, HMAC-SHA256 hex) is accepted', async () => {
    const m = await verified()
    const a = await startSurvey(m.h, await survey('cint', 77))
    const p: Record<string, string> = {
      sub_id: a,
      txn_id: 'doc way/1',
      reward: '77',
      result: 'complete',
      extra: 'x&y=z ü',
    }
    const str = Object.entries(p)
      .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)] as const)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&')
    const hash = createHmac('sha256', SECRETS.cint).update(str).digest('hex')
    const r = await postback('cint', { ...p, hash })
    expect([r.statusCode, r.body]).toEqual([200, '1'])
    // the old raw form is refused now
    const raw = Object.keys(p)
      .sort()
      .map((k) => `${k}=${p[k]}`)
      .join('&')
    const old = await postback('cint', {
      ...p,
      txn_id: 'doc way/1',
      hash: createHmac('sha256', SECRETS.cint).update(raw).digest('hex'),
    })
    expect(old.statusCode).toBe(403)
  })
})
