import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import type { Db } from './db/index.ts'
import type { ConversionChange } from './lib/cashback/hooks.ts'
import { afterCashbackChanges } from './lib/cashback/notify.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 26: "cash back tracked / confirmed / reversed" in the notification centre and by mail, in the
 * member's language, with an unsubscribe link that works; cheap for a report's large batches.
 */
let app: FastifyInstance
let c: ReturnType<typeof client>
let store: { id: number; name: string }

beforeAll(async () => {
  app = await testServer()
  c = client(app)
  store = (await app.services.db.one<{ id: number; name: string }>(
    'SELECT id, name FROM stores ORDER BY id LIMIT 1',
  ))!
})
afterAll(() => app?.close())

async function member(language: 'en' | 'es' = 'en') {
  const email = `notify-${randomUUID()}@example.com`
  const r = await c.register(email)
  const h = c.bearer(r.login_token)
  if (language !== 'en')
    await app.services.db.query(
      `UPDATE users SET settings = settings || jsonb_build_object('language', $2::text) WHERE id = $1`,
      [r.user.user_id, language],
    )
  return { id: r.user.user_id as number, email, h }
}

const change = (userId: number, kind: ConversionChange['change'], cents = 420): ConversionChange => ({
  conversionId: 1,
  userId,
  storeId: store.id,
  change: kind,
  cashbackCents: cents,
  test: false,
})

type Mail = { subject: string; body: string; links: { label: string; url: string }[] }
/**
 * The cash back mails to an address (the sign-up's verification mail is there too), once the job runner
 * has sent the mails enqueued so far (the test server's runner does not poll by itself).
 */
const mails = async (to: string): Promise<Mail[]> => {
  await app.jobs.runDueJobs()
  return ((await c.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).body.data as Mail[]).filter((m) =>
    m.links.some((l) => l.url.includes('/unsub/cashback')),
  )
}

describe('afterCashbackChanges', () => {
  it('a tracked change: a notification and a mail in Spanish for a member whose language is es', async () => {
    const m = await member('es')
    await afterCashbackChanges(app.services, [change(m.id, 'tracked', 420)])
    const n = await c.get('/api/account/notifications', m.h)
    expect(n.body.data).toHaveLength(1)
    expect(n.body.data[0]).toMatchObject({
      kind: 'cashback_tracked',
      params: { store: store.name, amount_cents: 420 },
      read: false,
    })
    const box = await mails(m.email)
    expect(box).toHaveLength(1)
    expect(box[0]!.subject).toBe('Reembolso registrado')
    expect(box[0]!.body).toContain(store.name)
    expect(box[0]!.body).toContain('$4.20')
    expect(box[0]!.body).toContain('pendiente')
    const urls = box[0]!.links.map((l) => l.url)
    expect(urls.every((u) => u.startsWith(app.services.publicUrl))).toBe(true)
    expect(urls.some((u) => u.startsWith(`${app.services.publicUrl}/account/purchase-history`))).toBe(true)
  })

  it('the unsubscribe link turns these mails off', async () => {
    const m = await member()
    await afterCashbackChanges(app.services, [change(m.id, 'confirmed')])
    const [mail] = await mails(m.email)
    expect(mail!.subject).toBe('Cash back confirmed')
    const unsub = mail!.links.find((l) => l.url.includes('/unsub/'))!.url
    const url = new URL(unsub)
    expect(url.pathname).toBe('/unsub/cashback')
    // the page of the link posts its token
    const r = await c.post('/api/unsubscribe', { token: url.searchParams.get('token') })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ success: true, list: 'cashback' })
    expect((await c.get('/api/account/settings', m.h)).body.data.email_rebates).toBe(false)
    await afterCashbackChanges(app.services, [change(m.id, 'reversed')])
    expect(await mails(m.email)).toHaveLength(1)
    // the notification centre still says it
    expect((await c.get('/api/account/notifications', m.h)).body.data[0].kind).toBe('cashback_reversed')
  })

  it('a forged or altered unsubscribe token is refused and changes nothing', async () => {
    const m = await member()
    await afterCashbackChanges(app.services, [change(m.id, 'tracked')])
    const token = new URL(
      (await mails(m.email))[0]!.links.find((l) => l.url.includes('/unsub/'))!.url,
    ).searchParams.get('token')!
    const other = await member()
    const forged = token.replace(/^\d+/, String(other.id))
    expect((await c.post('/api/unsubscribe', { token: forged })).status).toBe(400)
    expect((await c.post('/api/unsubscribe', { token: 'nonsense' })).status).toBe(400)
    expect((await c.get('/api/account/settings', other.h)).body.data.email_rebates).toBe(true)
  })

  it('no mail to a member who turned cash back mails off', async () => {
    const m = await member()
    await app.services.db.query(
      `UPDATE users SET settings = settings || '{"email_rebates": false}'::jsonb WHERE id = $1`,
      [m.id],
    )
    await afterCashbackChanges(app.services, [change(m.id, 'tracked'), change(m.id, 'confirmed')])
    expect(await mails(m.email)).toHaveLength(0)
    expect((await c.get('/api/account/notifications', m.h)).body.data).toHaveLength(2)
  })

  it("groups one call's changes into one mail per member", async () => {
    const m = await member()
    await afterCashbackChanges(app.services, [change(m.id, 'tracked', 100), change(m.id, 'confirmed', 200)])
    const box = await mails(m.email)
    expect(box).toHaveLength(1)
    expect(box[0]!.body).toContain('$1.00')
    expect(box[0]!.body).toContain('$2.00')
  })

  it('a batch of 1,000 changes takes a few queries, not one per change', async () => {
    const members = await Promise.all([member(), member(), member()])
    await app.services.db.query(
      `UPDATE users SET settings = settings || '{"email_rebates": false}'::jsonb WHERE id = ANY($1)`,
      [members.slice(1).map((m) => m.id)],
    )
    const changes = Array.from({ length: 1000 }, (_, i) => change(members[i % 3]!.id, 'tracked', i + 1))
    const db = app.services.db
    let queries = 0
    const counted = new Proxy(db, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver)
        if (typeof v !== 'function') return v
        if (prop === 'query' || prop === 'one' || prop === 'exec')
          return (...args: unknown[]) => {
            queries += 1
            return (v as (...a: unknown[]) => unknown).apply(target, args)
          }
        return v.bind(target)
      },
    }) as Db
    await afterCashbackChanges({ ...app.services, db: counted }, changes)
    expect(queries).toBeLessThanOrEqual(4)
    const n = await db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = ANY($1)',
      [members.map((m) => m.id)],
    )
    expect(n!.n).toBe(1000)
    // one mail for the one member who gets them: the first changes, and how many more
    const box = await mails(members[0]!.email)
    expect(box).toHaveLength(1)
    expect(box[0]!.subject).toBe('334 updates on your cash back')
    expect(box[0]!.body).toContain('…and 314 more updates in your purchase history.')
  })

  it('sends the mails through the job runner: none before its next run, then one', async () => {
    const m = await member()
    await afterCashbackChanges(app.services, [change(m.id, 'tracked')])
    const box = async () =>
      ((await c.get(`/api/dev/outbox?to=${encodeURIComponent(m.email)}`)).body.data as Mail[]).filter((x) =>
        x.links.some((l) => l.url.includes('/unsub/cashback')),
      )
    expect(await box()).toHaveLength(0)
    const job = await app.services.db.one<{ name: string; done: boolean }>(
      `SELECT name, done_at IS NOT NULL AS done FROM jobs WHERE name = 'cashback_mail' AND payload->'changes'->0->>'userId' = $1::text`,
      [String(m.id)],
    )
    expect(job).toEqual({ name: 'cashback_mail', done: false })
    await app.jobs.runDueJobs()
    expect(await box()).toHaveLength(1)
  })

  it('forgets the mail jobs sent more than keepDoneDays ago, keeps the recent and the unsent', async () => {
    const db = app.services.db
    const keys = [randomUUID(), randomUUID(), randomUUID()].map((k) => `cashback_mail:${k}`)
    const days = constants.jobs.keepDoneDays
    await db.query(
      `INSERT INTO jobs (name, key, run_at, done_at) VALUES
         ('cashback_mail', $1, now() - make_interval(days => $4::int + 1), now() - make_interval(days => $4::int + 1)),
         ('cashback_mail', $2, now() - interval '1 hour', now() - interval '1 hour'),
         ('cashback_mail', $3, now() + interval '1 day', NULL)`,
      [...keys, days],
    )
    // the tidy job is recurring: its slot a little later than any run so far
    await app.jobs.runDueJobs(new Date(Date.now() + 3_600_000))
    const left = await db.query<{ key: string }>('SELECT key FROM jobs WHERE key = ANY($1) ORDER BY key', [
      keys,
    ])
    expect(left.map((r) => r.key).sort()).toEqual(keys.slice(1).sort())
    await db.query('DELETE FROM jobs WHERE key = ANY($1)', [keys])
  })

  it('never throws into its caller', async () => {
    const broken = {
      ...app.services,
      db: {
        query: () => Promise.reject(new Error('database down')),
        one: () => Promise.reject(new Error('database down')),
      } as unknown as Db,
    }
    await expect(afterCashbackChanges(broken, [change(1, 'tracked')])).resolves.toBeUndefined()
  })
})
