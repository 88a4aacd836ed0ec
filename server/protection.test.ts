import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProviderId } from '../plugins/protection/contract.ts'
import { constants } from '../src/config/constants.ts'
import { createJobRunner } from './lib/job-queue.ts'
import { NON_REFUNDABLE, setOrders, stageEvent } from './lib/protection/dev-provider-store.ts'
import type { ProviderOrder } from './lib/protection/providers.ts'
import { setupProtection } from './lib/protection/setup.ts'
import { keyPlan, parseKey, tokenCipher } from './lib/protection/token-cipher.ts'
import { defineWatcherJob, runWatcher } from './lib/protection/watcher.ts'
import { claimNotDue } from './routes/protection.ts'
import { client, type Res, testServer } from './test-helpers.ts'

const DAY = 86_400_000
const P = constants.protection
const base = '/api/linked'

let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer({ devPayoutProvider: false }) // no development payout provider: test money is never withdrawn
  c = client(app)
})
afterAll(() => app?.close())

const db = () => app.services.db
const iso = (ms: number) => new Date(ms).toISOString()
let seq = 0

/** A new member with a bearer header and the login cookie. */
async function member() {
  const email = `prot-${++seq}-${Date.now()}@example.com`
  const r = await c.register(email)
  const token = r.login_token
  return {
    uid: r.user.user_id,
    email,
    password: 'correct horse battery',
    h: c.bearer(token),
    cookie: { cookie: `${app.services.cookiePrefix}${constants.loginCookieName}=${token}` },
  }
}
type Member = Awaited<ReturnType<typeof member>>

const pathOf = (location: unknown) => {
  const u = new URL(String(location), 'http://localhost')
  return `${u.pathname}${u.search}`
}
const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  c.raw('POST', url, new URLSearchParams(fields).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
    ...headers,
  })

/** Authorize, then answer the provider's consent page: the 302 back to our callback (or its HTML on a refusal). */
async function consent(
  m: Member,
  provider: ProviderId,
  decision: 'allow' | 'deny' = 'allow',
  account?: string,
) {
  const auth = await c.post(`${base}/accounts/authorize`, { provider }, m.h)
  expect(auth.status).toBe(200)
  const url = new URL(auth.body.url, 'http://localhost')
  const fields = Object.fromEntries(url.searchParams)
  const res = await form(url.pathname, {
    ...fields,
    account: account ?? `shopper@${provider}.example`,
    decision,
  })
  return {
    res,
    state: fields.state as string,
    callback: res.status === 302 ? pathOf(res.headers.location) : '',
  }
}

/** The whole link: consent, then the callback with the member's cookie; the result page's query. */
async function link(m: Member, provider: ProviderId, account?: string) {
  const { callback } = await consent(m, provider, 'allow', account)
  const back = await c.get(callback, m.cookie)
  expect(back.status).toBe(302)
  return new URL(String(back.headers.location), 'http://localhost')
}

const counts = async () =>
  db().one<{ linked: number; orders: number; claims: number }>(
    `SELECT (SELECT count(*)::int FROM linked_accounts) AS linked, (SELECT count(*)::int FROM protection_orders) AS orders,
       (SELECT count(*)::int FROM protection_claims) AS claims`,
  )
const accountOf = async (uid: number, provider: ProviderId) =>
  (await db().one<{ id: number; provider_account_id: string; token_ciphertext: string }>(
    'SELECT id, provider_account_id, token_ciphertext FROM linked_accounts WHERE user_id = $1 AND provider = $2',
    [uid, provider],
  ))!
const failure = (r: URL) => ({ success: r.searchParams.get('success'), reason: r.searchParams.get('reason') })

describe('linking through the provider (authorization code flow)', () => {
  it('consent page, Allow, callback with the cookie: linked, listed, and the orders are there at once', async () => {
    const m = await member()
    const auth = await c.post(`${base}/accounts/authorize`, { provider: 'amazon' }, m.cookie)
    expect(auth.status).toBe(200)
    const page = await c.get(pathOf(auth.body.url))
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(String(page.headers['content-security-policy'])).toMatch(/default-src 'none'; style-src 'nonce-/)
    expect(page.text).toContain('<h1>Allow Rewards to read your Amazon orders?</h1>')
    expect(page.text).toContain('<label for="account">Your Amazon account</label>')
    // a fresh account at the provider each time, so two members never share one by accident
    expect(page.text).toMatch(/value="shopper-[0-9a-f]{6}@amazon\.example"/)
    expect(page.text).toMatch(/<form method="post" action="\/dev-provider\/oauth\/authorize">/)
    expect(page.text).toMatch(/<button[^>]*value="allow">Allow<\/button>/)
    expect(page.text).toMatch(/<button[^>]*value="deny">Deny<\/button>/)

    const fields = Object.fromEntries(new URL(auth.body.url, 'http://x').searchParams)
    const allow = await form('/dev-provider/oauth/authorize', {
      ...fields,
      account: 'shopper@amazon.example',
      decision: 'allow',
    })
    expect(allow.status).toBe(302)
    const back = new URL(String(allow.headers.location))
    expect(back.pathname).toBe(`${base}/callback`)
    expect(back.searchParams.get('state')).toBe(fields.state)
    expect(back.searchParams.get('code')).toMatch(/^[\w-]{40,}$/)

    const done = await c.get(pathOf(back), m.cookie)
    expect(done.status).toBe(302)
    expect(done.headers.location).toBe('/order-protection-link?success=1&provider=amazon')

    const list = await c.get(`${base}/accounts`, m.cookie)
    expect(list.body.data).toEqual([
      expect.objectContaining({
        provider: 'amazon',
        account_email: 'shopper@amazon.example',
        status: 'connected',
        sync_error: null,
        manage_url: expect.stringMatching(/^\/dev-provider\/accounts\/[\w-]{20,}$/),
      }),
    ])
    expect(Date.parse(list.body.data[0].last_synced_at)).toBeGreaterThan(Date.now() - 60_000)
    const orders = (await c.get('/api/protection/overview?kind=shipping', m.h)).body
    expect(orders.orders).toHaveLength(3)
    expect(orders.orders.map((o: { carrier: string }) => o.carrier).sort()).toEqual(['FedEx', 'UPS', 'USPS'])
    expect(orders.linked).toBe(1)
    const parcels = (await c.get('/api/protection/parcels', m.h)).body.data
    expect(parcels.map((p: { status: string }) => p.status).sort()).toEqual([
      'delivered',
      'in_transit',
      'label_created',
    ])
  })

  it('the provider list says which providers can be linked here', async () => {
    const r = await c.get(`${base}/providers`)
    expect(r.status).toBe(200)
    expect(r.body.data).toHaveLength(13)
    expect(r.body.data.find((p: { id: string }) => p.id === 'expedia')).toEqual({
      id: 'expedia',
      name: 'Expedia',
      kind: 'travel',
      available: true,
    })
  })

  it('the consent page sends the browser only back to our own callback', async () => {
    const m = await member()
    const auth = await c.post(`${base}/accounts/authorize`, { provider: 'walmart' }, m.h)
    const url = new URL(auth.body.url, 'http://localhost')
    for (const evil of ['https://evil.example/api/linked/callback', 'http://localhost/elsewhere']) {
      url.searchParams.set('redirect_uri', evil)
      const page = await c.get(pathOf(url))
      expect(page.status).toBe(400)
      const post = await form('/dev-provider/oauth/authorize', {
        ...Object.fromEntries(url.searchParams),
        decision: 'allow',
      })
      expect(post.status).toBe(400)
      expect(post.headers.location).toBeUndefined()
    }
  })

  describe('refusals store nothing', () => {
    async function refused(run: () => Promise<URL>, reason: string) {
      const before = await counts()
      const r = await run()
      expect(failure(r)).toEqual({ success: '0', reason })
      expect(await counts()).toEqual(before)
    }

    it('an unknown or missing state, or no session', async () => {
      const m = await member()
      const { callback } = await consent(m, 'target')
      const cb = new URL(callback, 'http://localhost')
      cb.searchParams.set('state', 'not-a-state-we-made')
      await refused(
        async () => new URL(String((await c.get(pathOf(cb), m.cookie)).headers.location), 'http://x'),
        'state',
      )
      cb.searchParams.delete('state')
      await refused(
        async () => new URL(String((await c.get(pathOf(cb), m.cookie)).headers.location), 'http://x'),
        'state',
      )
      // without a session: nothing is taken, the state still works afterwards
      await refused(
        async () => new URL(String((await c.get(callback)).headers.location), 'http://x'),
        'state',
      )
      const ok = await c.get(callback, m.cookie)
      expect(ok.headers.location).toBe('/order-protection-link?success=1&provider=target')
    })

    it('a replayed code: with the same state, and with a fresh state', async () => {
      const m = await member()
      const { callback } = await consent(m, 'bestbuy')
      expect((await c.get(callback, m.cookie)).headers.location).toContain('success=1')
      await refused(
        async () => new URL(String((await c.get(callback, m.cookie)).headers.location), 'http://x'),
        'replay',
      )
      const fresh = await consent(m, 'bestbuy')
      const replayed = new URL(callback, 'http://localhost')
      replayed.searchParams.set('state', fresh.state)
      await refused(
        async () => new URL(String((await c.get(pathOf(replayed), m.cookie)).headers.location), 'http://x'),
        'replay',
      )
    })

    it("another member's state, an expired state, and Deny", async () => {
      const a = await member()
      const b = await member()
      const started = await consent(a, 'walmart')
      await refused(
        async () => new URL(String((await c.get(started.callback, b.cookie)).headers.location), 'http://x'),
        'other_member',
      )
      const late = await consent(a, 'walmart')
      await db().query(
        `UPDATE link_states SET created_at = now() - make_interval(mins => $2) WHERE state = $1`,
        [late.state, P.linkStateMinutes + 1],
      )
      await refused(
        async () => new URL(String((await c.get(late.callback, a.cookie)).headers.location), 'http://x'),
        'expired',
      )
      const denied = await consent(a, 'walmart', 'deny')
      expect(new URL(denied.callback, 'http://x').searchParams.get('error')).toBe('access_denied')
      await refused(
        async () => new URL(String((await c.get(denied.callback, a.cookie)).headers.location), 'http://x'),
        'denied',
      )
    })

    it('a provider account already linked to another member is taken', async () => {
      const a = await member()
      const b = await member()
      expect(failure(await link(a, 'target', 'shared@target.example'))).toEqual({
        success: '1',
        reason: null,
      })
      await refused(() => link(b, 'target', 'shared@target.example'), 'taken')
      // the same member linking it again gets a new token, not a second row
      const first = await accountOf(a.uid, 'target')
      expect(failure(await link(a, 'target', 'shared@target.example')).success).toBe('1')
      const again = await accountOf(a.uid, 'target')
      expect(again.id).toBe(first.id)
      expect(again.token_ciphertext).not.toBe(first.token_ciphertext)
    })
  })

  it('keeps the token only encrypted (AES-256-GCM), and it decrypts back to the provider token', async () => {
    const m = await member()
    await link(m, 'amazon', `enc-${m.uid}@amazon.example`)
    const row = await accountOf(m.uid, 'amazon')
    const plain = (await db().one<{ token: string }>(
      'SELECT token FROM dev_provider_tokens WHERE account_id = $1 AND revoked_at IS NULL',
      [row.provider_account_id],
    ))!.token
    expect(plain.length).toBeGreaterThan(30)
    expect(row.token_ciphertext).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/)
    expect(row.token_ciphertext).not.toContain(plain)
    expect(app.services.protection.cipher!.decrypt(row.token_ciphertext)).toBe(plain)
    // a random IV: the same token encrypts differently each time
    const cipher = app.services.protection.cipher!
    expect(cipher.encrypt(plain)).not.toBe(cipher.encrypt(plain))
    // another key cannot read it
    expect(() => tokenCipher(Buffer.alloc(32, 7)).decrypt(row.token_ciphertext)).toThrow()
  })

  it('unlinking revokes the token and keeps the orders; another member gets 404', async () => {
    const m = await member()
    const other = await member()
    await link(m, 'walmart', `unlink-${m.uid}@walmart.example`)
    const row = await accountOf(m.uid, 'walmart')
    expect((await c.del(`${base}/accounts/${row.id}`, other.h)).status).toBe(404)
    expect((await c.del(`${base}/accounts/${row.id}`, m.cookie)).body).toEqual({ success: true })
    const tokens = await db().query<{ revoked_at: Date | null }>(
      'SELECT revoked_at FROM dev_provider_tokens WHERE account_id = $1',
      [row.provider_account_id],
    )
    expect(tokens.length).toBeGreaterThan(0)
    expect(tokens.every((t) => t.revoked_at !== null)).toBe(true)
    const kept = await db().query<{ linked_account_id: number | null }>(
      'SELECT linked_account_id FROM protection_orders WHERE user_id = $1',
      [m.uid],
    )
    expect(kept).toHaveLength(3)
    expect(kept.every((o) => o.linked_account_id === null)).toBe(true)
    expect((await c.get(`${base}/accounts`, m.h)).body.data).toEqual([])
  })
})

/** An order of a scripted stream (a purchase unless told). */
function order(o: Partial<ProviderOrder> & { external_id: string }): ProviderOrder {
  return {
    kind: 'purchase',
    merchant: 'Amazon',
    title: o.external_id,
    reference: `REF-${o.external_id}`,
    ordered_at: iso(Date.now() - 3 * DAY),
    paid_cents: 10_000,
    current_cents: 10_000,
    shipping_cents: 0,
    promised_at: null,
    delivered_at: null,
    starts_at: null,
    ends_at: null,
    carrier: null,
    tracking_number: null,
    refundable: true,
    parcel_events: [],
    ...o,
  }
}

describe('the watcher', () => {
  const now = Date.now()
  const uniq = () => `${seq}-${Math.random().toString(36).slice(2, 8)}`
  /** A member with an amazon and an expedia account whose order streams are scripted. */
  async function scripted() {
    const m = await member()
    await link(m, 'amazon', `w-${m.uid}@amazon.example`)
    await link(m, 'expedia', `w-${m.uid}@expedia.example`)
    const amazon = await accountOf(m.uid, 'amazon')
    const expedia = await accountOf(m.uid, 'expedia')
    const id = uniq()
    const ids = {
      drop: `drop-${id}`,
      old: `old-${id}`,
      late: `late-${id}`,
      lost: `lost-${id}`,
      hotel: `hotel-${id}`,
      car: `car-${id}`,
    }
    await setOrders(db(), amazon.provider_account_id, [
      order({
        external_id: ids.drop,
        ordered_at: iso(now - 10 * DAY),
        paid_cents: 10_000,
        current_cents: 8_000,
      }),
      // a lower price after the price window does not count
      order({
        external_id: ids.old,
        ordered_at: iso(now - (P.priceWindowDays + 5) * DAY),
        paid_cents: 10_000,
        current_cents: 5_000,
        promised_at: iso(now - (P.priceWindowDays + 1) * DAY),
        delivered_at: iso(now - (P.priceWindowDays + 2) * DAY),
      }),
      order({
        external_id: ids.late,
        ordered_at: iso(now - 6 * DAY),
        promised_at: iso(now - DAY),
        carrier: 'USPS',
        tracking_number: `T${id}`,
        parcel_events: [{ status: 'in_transit', at: iso(now - DAY), location: 'Nashville, TN' }],
      }),
      order({
        external_id: ids.lost,
        ordered_at: iso(now - 12 * DAY),
        paid_cents: 4_500,
        promised_at: iso(now + DAY),
        carrier: 'UPS',
        tracking_number: `1Z${id}`,
        parcel_events: [
          { status: 'label_created', at: iso(now - 12 * DAY), location: null },
          { status: 'in_transit', at: iso(now - (P.parcelLostDays + 2) * DAY), location: 'Reno, NV' },
        ],
      }),
    ])
    await setOrders(db(), expedia.provider_account_id, [
      order({
        external_id: ids.hotel,
        kind: 'hotel',
        merchant: 'Harbor View Hotel',
        paid_cents: 42_000,
        current_cents: 38_000,
        starts_at: iso(now + 30 * DAY),
        ends_at: iso(now + 32 * DAY),
      }),
      order({
        external_id: ids.car,
        kind: 'carrental',
        merchant: 'Coastline Car Rental',
        paid_cents: 31_600,
        current_cents: 26_000,
        starts_at: iso(now + 45 * DAY),
        ends_at: iso(now + 49 * DAY),
        refundable: false,
      }),
    ])
    return { m, ids, amazon, expedia }
  }
  const claimsByOrder = async (uid: number) => {
    const rows = await db().query<{
      id: number
      kind: string
      status: string
      amount_cents: number
      external_id: string
    }>(
      `SELECT c.id, c.kind, c.status, c.amount_cents, o.external_id FROM protection_claims c
       JOIN protection_orders o ON o.id = c.order_id WHERE c.user_id = $1 ORDER BY c.id`,
      [uid],
    )
    return rows
  }
  const refunds = (uid: number) =>
    db().query<{ amount: number; source_ref: string; status: string; reason: string }>(
      `SELECT amount, source_ref, status, reason FROM ledger WHERE user_id = $1 AND kind = 'protection_refund' ORDER BY id`,
      [uid],
    )
  const payable = async (m: Member) =>
    (await c.get('/api/account/balances', m.h)).body.cash.payable_cents as number

  it('files what the orders are owed, pays approved claims once, declines a non-refundable rate', async () => {
    const { m, ids } = await scripted()
    const before = await payable(m)
    const r = await runWatcher(app.services, { userId: m.uid })
    expect(r).toMatchObject({ synced: 2, failed: 0, found: 5, paid: 4, declined: 1 })

    const claims = await claimsByOrder(m.uid)
    const of = (ext: string, kind: string) => claims.find((x) => x.external_id === ext && x.kind === kind)
    expect(of(ids.drop, 'price')).toMatchObject({ status: 'paid', amount_cents: 2_000 })
    expect(claims.filter((x) => x.external_id === ids.old)).toEqual([])
    expect(of(ids.late, 'shipping')).toMatchObject({
      status: 'paid',
      amount_cents: P.lateDeliveryCreditCents,
    })
    expect(of(ids.lost, 'package')).toMatchObject({ status: 'paid', amount_cents: 4_500 })
    expect(of(ids.hotel, 'hotel')).toMatchObject({ status: 'paid', amount_cents: 4_000 })
    expect(of(ids.car, 'carrental')).toMatchObject({ status: 'declined', amount_cents: 5_600 })
    expect(claims).toHaveLength(5)

    const price = (await c.get('/api/protection/overview?kind=price', m.h)).body
    const priceClaim = price.claims.find((x: { reference: string }) => x.reference === `REF-${ids.drop}`)
    expect(priceClaim.evidence).toEqual({ old_cents: 10_000, new_cents: 8_000 })
    expect(priceClaim.timeline.map((e: { status: string }) => e.status)).toEqual([
      'found',
      'filed',
      'approved',
      'paid',
    ])
    expect(price.recovered_year_cents).toBe(2_000)
    // the old order is outside its window and has no claim: not on the price page
    expect(price.orders.map((o: { reference: string }) => o.reference)).not.toContain(`REF-${ids.old}`)
    const car = (await c.get('/api/protection/overview?kind=carrental', m.h)).body
    expect(car.claims[0]).toMatchObject({ status: 'declined', decline_reason: NON_REFUNDABLE })
    expect(car.claims[0].timeline.at(-1)).toMatchObject({ status: 'declined', note: NON_REFUNDABLE })
    expect(car.recovered_year_cents).toBe(0)
    const shipping = (await c.get('/api/protection/claims?kind=shipping', m.h)).body.data[0]
    expect(shipping.evidence).toMatchObject({ promised_at: expect.any(String), delivered_at: null })
    const parcel = (await c.get('/api/protection/parcels', m.h)).body.data.find(
      (p: { tracking_number: string }) => p.tracking_number.startsWith('1Z'),
    )
    expect(parcel.claim).toMatchObject({ kind: 'package', status: 'paid' })

    const booked = await refunds(m.uid)
    expect(booked).toHaveLength(4)
    const paidIds = claims.filter((x) => x.status === 'paid').map((x) => `protection:${x.id}`)
    expect(booked.map((b) => b.source_ref).sort()).toEqual(paidIds.sort())
    expect(booked.every((b) => b.status === 'payable')).toBe(true)
    expect(booked.find((b) => b.amount === 2_000)?.reason).toMatch(/lower price at Amazon/)
    expect(await payable(m)).toBe(before + 2_000 + P.lateDeliveryCreditCents + 4_500 + 4_000)

    // again: nothing more is filed or booked
    expect(await runWatcher(app.services, { userId: m.uid })).toMatchObject({
      found: 0,
      paid: 0,
      declined: 0,
    })
    expect(await refunds(m.uid)).toHaveLength(4)
    expect(await claimsByOrder(m.uid)).toHaveLength(5)
  })

  it('two runs at once, and 50 concurrent "check now" calls, file and pay each claim once', async () => {
    const one = await scripted()
    await Promise.all([runWatcher(app.services), runWatcher(app.services)])
    expect(await claimsByOrder(one.m.uid)).toHaveLength(5)
    expect(await refunds(one.m.uid)).toHaveLength(4)

    const two = await scripted()
    const limit = app.services.protection.syncMinSeconds
    app.services.protection.syncMinSeconds = 0
    try {
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => c.post(`${base}/sync`, {}, two.m.cookie)),
      )
      expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200))
      expect(replies.reduce((n, r) => n + r.body.claims_found, 0)).toBe(5)
    } finally {
      app.services.protection.syncMinSeconds = limit
    }
    const claims = await claimsByOrder(two.m.uid)
    expect(claims).toHaveLength(5)
    const events = await db().one<{ n: number }>(
      `SELECT count(*)::int AS n FROM protection_claim_events WHERE claim_id = ANY($1::int[])`,
      [claims.map((x) => x.id)],
    )
    // found + filed for each, approved + paid for four, declined for one
    expect(events!.n).toBe(5 * 2 + 4 * 2 + 1)
    expect(await refunds(two.m.uid)).toHaveLength(4)
  })

  it('one order of $100 with a price drop, a lost parcel and a late delivery pays at most $100 in total', async () => {
    const m = await member()
    await link(m, 'target', `cap-${m.uid}@target.example`)
    const acc = await accountOf(m.uid, 'target')
    const ext = `cap-${uniq()}`
    const fresh = `cap2-${uniq()}`
    const all = (e: string) =>
      order({
        external_id: e,
        ordered_at: iso(now - 12 * DAY),
        paid_cents: 10_000,
        current_cents: 7_000,
        shipping_cents: 800,
        promised_at: iso(now - 3 * DAY),
        carrier: 'UPS',
        tracking_number: `1Z${e}`,
        parcel_events: [{ status: 'lost', at: iso(now - 2 * DAY), location: 'Reno, NV' }],
      })
    await setOrders(db(), acc.provider_account_id, [all(ext), all(fresh)])
    // the first order in one run; the second with ten runs at once (the order row is locked)
    await runWatcher(app.services, { userId: m.uid })
    const claims = await claimsByOrder(m.uid)
    const of = (e: string) => claims.filter((x) => x.external_id === e && x.status !== 'declined')
    expect(of(ext).map((x) => [x.kind, x.amount_cents])).toEqual([
      ['price', 3_000],
      ['shipping', 800],
      ['package', 10_000 - 3_000 - 800],
    ])
    await Promise.all(Array.from({ length: 10 }, () => runWatcher(app.services, { userId: m.uid })))
    const after = await claimsByOrder(m.uid)
    for (const e of [ext, fresh]) {
      const paid = after.filter((x) => x.external_id === e && x.status === 'paid')
      expect(paid.reduce((n, x) => n + x.amount_cents, 0)).toBe(10_000)
    }
    expect((await refunds(m.uid)).reduce((n, r) => n + r.amount, 0)).toBe(2 * 10_000)
    // a claim the member files on an order with nothing left: refused, nothing stored
    const order2 = await db().one<{ id: number }>('SELECT id FROM protection_orders WHERE external_id = $1', [
      ext,
    ])
    await db().query(`DELETE FROM protection_claims WHERE order_id = $1 AND kind = 'shipping'`, [order2!.id])
    await db().query(
      `UPDATE protection_claims SET amount_cents = 7000 WHERE order_id = $1 AND kind = 'package'`,
      [order2!.id],
    )
    const filed = await c.post('/api/protection/claims', { order_id: order2!.id, kind: 'shipping' }, m.h)
    expect([filed.status, filed.body.code]).toEqual([422, 'nothing_left'])
  })

  it('"check now" answers 429 when asked again within syncMinSeconds', async () => {
    const m = await member()
    const first = await c.post(`${base}/sync`, {}, m.h)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ data: [], claims_found: 0 })
    const again = await c.post(`${base}/sync`, {}, m.h)
    expect(again.status).toBe(429)
    expect(again.body.code).toBe('rate_limited')
    expect(again.body.errors.sync[0]).toMatch(/checked a moment ago/)
  })

  it('the account page stages events: a price drop there becomes a price claim on the next check', async () => {
    const m = await member()
    await link(m, 'bestbuy', `stage-${m.uid}@bestbuy.example`)
    const manage = (await c.get(`${base}/accounts`, m.h)).body.data[0].manage_url as string
    // opened from the app in a new tab: the login cookie comes along
    const page = await c.get(manage, m.cookie)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Wireless earbuds')
    for (const label of ['Drop a price', 'Make a delivery late', 'Lose a parcel', 'Start an outage'])
      expect(page.text).toContain(`>${label}</button>`)
    const drop = await form(manage, { event: 'drop_price' }, m.cookie)
    expect(drop.status).toBe(303)
    const sync = await c.post(`${base}/sync`, {}, m.h)
    expect(sync.body.claims_found).toBe(1)
    const claims = (await c.get('/api/protection/claims?kind=price', m.h)).body.data
    expect(claims).toHaveLength(1)
    // the newest purchase (the one just ordered) dropped by 15%
    expect(claims[0].evidence.new_cents).toBe(Math.round(claims[0].evidence.old_cents * 0.85))
    expect(claims[0].status).toBe('paid')
  })

  it('only the member who linked an account stages its events: no one signed in 403, another member 404', async () => {
    const m = await member()
    const other = await member()
    await link(m, 'amazon', `own-${m.uid}@amazon.example`)
    const manage = (await c.get(`${base}/accounts`, m.h)).body.data[0].manage_url as string
    const acc = await accountOf(m.uid, 'amazon')
    const orders = async () =>
      JSON.stringify(
        (await db().one<{ orders: unknown }>('SELECT orders FROM dev_provider_accounts WHERE id = $1', [
          acc.provider_account_id,
        ]))!.orders,
      )
    const before = await orders()
    for (const event of ['drop_price', 'late_delivery', 'lose_parcel', 'outage_start']) {
      const anon = await form(manage, { event })
      expect(anon.status).toBe(403)
      expect(anon.text).toContain('Sign in first')
      const theirs = await form(manage, { event }, other.cookie)
      expect(theirs.status).toBe(404)
      expect((await form(manage, { event }, other.h)).status).toBe(404)
    }
    expect(await orders()).toBe(before)
    expect((await c.get(manage)).status).toBe(403)
    expect((await c.get(manage, other.cookie)).status).toBe(404)
    // the member who linked it, with the cookie or a bearer token
    expect((await form(manage, { event: 'drop_price' }, m.h)).status).toBe(303)
    expect(await orders()).not.toBe(before)
  })

  it('a refund approved by the development provider is test money: marked, and never withdrawn', async () => {
    const m = await member()
    await link(m, 'bestbuy', `tm-${m.uid}@bestbuy.example`)
    const manage = (await c.get(`${base}/accounts`, m.h)).body.data[0].manage_url as string
    expect((await form(manage, { event: 'drop_price' }, m.cookie)).status).toBe(303)
    await runWatcher(app.services, { userId: m.uid })
    const rows = await db().query<{ test: boolean }>(
      `SELECT test FROM ledger WHERE user_id = $1 AND kind = 'protection_refund'`,
      [m.uid],
    )
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.test)).toBe(true)
    const entries = (await c.get('/api/account/ledger?kind=protection_refund', m.h)).body.data
    expect(entries.map((e: { test: boolean }) => e.test)).toEqual(rows.map(() => true))
    const b = (await c.get('/api/account/balances', m.h)).body
    expect(b.test.cash_cents).toBe(b.cash.payable_cents)
    expect(b.withdrawable.cash_cents).toBe(0)
    // the claim it paid says so too, where the protection pages list it
    const claims = (await c.get('/api/protection/claims', m.h)).body.data as {
      status: string
      test: boolean
    }[]
    const paid = claims.filter((x) => x.status === 'paid')
    expect(paid.length).toBe(rows.length)
    expect(paid.every((x) => x.test)).toBe(true)
    expect(claims.filter((x) => x.status !== 'paid').every((x) => !x.test)).toBe(true)
  })

  it('late delivery and lost parcel staged by the provider become shipping and package claims', async () => {
    const m = await member()
    await link(m, 'walmart', `stage-${m.uid}@walmart.example`)
    const acc = await accountOf(m.uid, 'walmart')
    expect(await stageEvent(db(), acc.provider_account_id, 'late_delivery')).toBe(true)
    expect(await stageEvent(db(), acc.provider_account_id, 'lose_parcel')).toBe(true)
    await runWatcher(app.services, { userId: m.uid })
    const kinds = (await c.get('/api/protection/claims', m.h)).body.data.map((x: { kind: string }) => x.kind)
    expect(kinds).toContain('shipping')
    expect(kinds).toContain('package')
    const lost = (await c.get('/api/protection/parcels', m.h)).body.data.find(
      (p: { status: string }) => p.status === 'exception',
    )
    expect(lost.claim).toMatchObject({ kind: 'package' })
    expect(Date.now() - Date.parse(lost.events.at(-1).at)).toBeGreaterThan(P.parcelLostDays * DAY)
  })

  it('a provider outage: the sync fails, the pages show the last known orders with a notice', async () => {
    const m = await member()
    await link(m, 'amazon', `outage-${m.uid}@amazon.example`)
    const acc = await accountOf(m.uid, 'amazon')
    await stageEvent(db(), acc.provider_account_id, 'outage_start')
    const r = await runWatcher(app.services, { userId: m.uid })
    expect(r).toMatchObject({ synced: 0, failed: 1 })
    const page = await c.get('/api/protection/overview?kind=shipping', m.h)
    expect(page.status).toBe(200)
    expect(page.body.orders).toHaveLength(3)
    expect(page.body.notice).toEqual({ providers: ['amazon'], since: expect.any(String) })
    const listed = (await c.get(`${base}/accounts`, m.h)).body.data[0]
    expect(listed.status).toBe('connected')
    expect(listed.sync_error.message).toMatch(/not answering/)
    await stageEvent(db(), acc.provider_account_id, 'outage_end')
    await runWatcher(app.services, { userId: m.uid })
    expect((await c.get('/api/protection/overview?kind=shipping', m.h)).body.notice).toBeNull()
  })

  it('a revoked token marks the account needs_attention', async () => {
    const m = await member()
    await link(m, 'target', `revoked-${m.uid}@target.example`)
    const acc = await accountOf(m.uid, 'target')
    await db().query('UPDATE dev_provider_tokens SET revoked_at = now() WHERE account_id = $1', [
      acc.provider_account_id,
    ])
    await runWatcher(app.services, { userId: m.uid })
    expect((await c.get(`${base}/accounts`, m.h)).body.data[0].status).toBe('needs_attention')
  })

  it('runs once per interval across servers (the recurring job protection_watch of the job runner)', async () => {
    const log = { info: () => {}, error: () => {} }
    const [a, b] = [0, 1].map(() => {
      const r = createJobRunner(db(), { pollSeconds: 0, log })
      defineWatcherJob(r, app.services, 60)
      return r
    })
    const now = new Date()
    const ran = (await Promise.all([a!.runDueJobs(now), b!.runDueJobs(now)])).flatMap((r) => r.ran)
    expect(ran).toHaveLength(1)
    expect(ran[0]).toMatch(/^protection_watch:/)
    expect((await Promise.all([a!.runDueJobs(now), b!.runDueJobs(now)])).flatMap((r) => r.ran)).toEqual([])
  })
})

describe('claims filed by the member', () => {
  it('is due only when it is: a delivered parcel is never missing, a delivery on time is not late', () => {
    const now = new Date()
    const past = new Date(now.getTime() - 3 * DAY)
    const future = new Date(now.getTime() + 3 * DAY)
    expect(claimNotDue('package', { promised_at: past, delivered_at: null }, 'in_transit', now)).toBeNull()
    expect(claimNotDue('package', { promised_at: future, delivered_at: null }, 'in_transit', now)).toMatch(
      /expected day/,
    )
    expect(claimNotDue('package', { promised_at: past, delivered_at: null }, 'delivered', now)).toMatch(
      /delivered/,
    )
    expect(claimNotDue('shipping', { promised_at: past, delivered_at: null }, 'in_transit', now)).toBeNull()
    expect(claimNotDue('shipping', { promised_at: past, delivered_at: now }, 'delivered', now)).toBeNull()
    expect(claimNotDue('shipping', { promised_at: future, delivered_at: now }, 'delivered', now)).toMatch(
      /not late/,
    )
    expect(claimNotDue('shipping', { promised_at: null, delivered_at: null }, undefined, now)).toMatch(
      /not late/,
    )
  })

  it("another member's order: 404 order_not_found and nothing stored; a second claim of a kind: 409", async () => {
    const owner = await member()
    const stranger = await member()
    await link(owner, 'amazon', `claims-${owner.uid}@amazon.example`)
    const ord = (await db().one<{ id: number }>(
      `SELECT id FROM protection_orders WHERE user_id = $1 AND delivered_at IS NULL ORDER BY id LIMIT 1`,
      [owner.uid],
    ))!
    const before = await counts()
    const r: Res = await c.post('/api/protection/claims', { order_id: ord.id, kind: 'package' }, stranger.h)
    expect(r.status).toBe(404)
    expect(r.body).toMatchObject({
      code: 'order_not_found',
      errors: { order_id: ['We could not find that order in your linked accounts.'] },
    })
    expect(await counts()).toEqual(before)

    // not due yet: the parcel is still expected, and its delivery is not late
    await db().query(`UPDATE protection_orders SET promised_at = $2 WHERE id = $1`, [
      ord.id,
      iso(Date.now() + 2 * DAY),
    ])
    for (const kind of ['package', 'shipping']) {
      const early: Res = await c.post('/api/protection/claims', { order_id: ord.id, kind }, owner.h)
      expect(early.status, kind).toBe(422)
      expect(early.body.code, kind).toBe('not_due')
    }
    expect(await counts()).toEqual(before)
    // the expected day has passed without a delivery: now it is due
    await db().query(`UPDATE protection_orders SET promised_at = $2 WHERE id = $1`, [
      ord.id,
      iso(Date.now() - 2 * DAY),
    ])

    const mine = await c.post(
      '/api/protection/claims',
      { order_id: ord.id, kind: 'package', note: 'Never came' },
      owner.h,
    )
    expect(mine.status).toBe(201)
    expect(mine.body.data).toMatchObject({ kind: 'package', status: 'filed', order_id: ord.id })
    expect(mine.body.data.timeline).toEqual([
      expect.objectContaining({ status: 'found', note: null }),
      expect.objectContaining({ status: 'filed', note: 'Never came' }),
    ])
    const twice = await c.post('/api/protection/claims', { order_id: ord.id, kind: 'package' }, owner.h)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe('claim_exists')
  })
})

describe('merging accounts', () => {
  it('moves linked accounts, orders and claims; nothing is left with the merged member', async () => {
    const from = await member()
    const into = await member()
    await link(from, 'amazon', `merge-${from.uid}@amazon.example`)
    const acc = await accountOf(from.uid, 'amazon')
    await stageEvent(db(), acc.provider_account_id, 'drop_price')
    await runWatcher(app.services, { userId: from.uid })
    await c.post(`${base}/accounts/authorize`, { provider: 'walmart' }, from.h) // a link state in progress
    const of = (uid: number) =>
      db().one<{ linked: number; orders: number; claims: number; states: number }>(
        `SELECT (SELECT count(*)::int FROM linked_accounts WHERE user_id = $1) AS linked,
           (SELECT count(*)::int FROM protection_orders WHERE user_id = $1) AS orders,
           (SELECT count(*)::int FROM protection_claims WHERE user_id = $1) AS claims,
           (SELECT count(*)::int FROM link_states WHERE user_id = $1) AS states`,
        [uid],
      )
    const had = (await of(from.uid))!
    expect(had).toMatchObject({ linked: 1, orders: 3, claims: 1 })
    expect(had.states).toBeGreaterThan(0)
    const merged = await c.post(
      '/api/authenticate-and-merge',
      { email: into.email, password: into.password },
      from.h,
    )
    expect(merged.status).toBe(200)
    expect(await of(from.uid)).toEqual({ linked: 0, orders: 0, claims: 0, states: 0 })
    expect(await of(into.uid)).toEqual({ linked: 1, orders: 3, claims: 1, states: 0 })
    const t = merged.body.login_token as string
    expect((await c.get(`${base}/accounts`, c.bearer(t))).body.data).toHaveLength(1)
    expect((await c.get('/api/protection/claims', c.bearer(t))).body.data).toHaveLength(1)
  })
})

describe('where linking is off', () => {
  it('production on PostgreSQL without LINKED_ACCOUNTS_KEY: no key, every provider unavailable', async () => {
    const plan = keyPlan({ databaseUrl: 'postgres://db.example/rewards', mode: 'production' })
    expect(plan).toEqual({ source: 'none' })
    const p = await setupProtection(db(), {
      mode: 'production',
      databaseUrl: 'postgres://db.example/rewards',
      devProvider: false,
      syncMinSeconds: 20,
      watchSeconds: 0,
    })
    expect(p.cipher).toBeNull()
    expect(p.available('amazon')).toBe(false)
    expect(p.describe()).toMatch(
      /no provider adapter: linking is off; no LINKED_ACCOUNTS_KEY: linking is off/,
    )
    // with a key but without the development provider: still nothing serves linking
    const key = Buffer.alloc(32, 1).toString('base64')
    expect(keyPlan({ envKey: key, databaseUrl: 'postgres://x', mode: 'production' }).source).toBe('env')
    // development and test runs elsewhere: a key of their own
    expect(keyPlan({ mode: 'test', dataDir: 'memory://' })).toEqual({ source: 'memory' })
    // beside the database folder, not in it (issue 25; server/key-file.test.ts)
    expect(keyPlan({ mode: 'production', dataDir: '/srv/data' })).toEqual({
      source: 'file',
      path: '/srv/linked-accounts.key',
      legacyPath: '/srv/data/linked-accounts.key',
    })
  })

  it('a key of the wrong length stops the start with one clear line', () => {
    expect(parseKey('a'.repeat(64))).toHaveLength(32)
    expect(parseKey(Buffer.alloc(32, 9).toString('base64'))).toHaveLength(32)
    expect(() => parseKey(Buffer.alloc(16).toString('base64'))).toThrow(
      /LINKED_ACCOUNTS_KEY must be 32 bytes .* \(it is 16 bytes\)/,
    )
  })

  it('without the development provider: its pages answer 404, providers are unavailable, authorize is 503', async () => {
    const off = await testServer({ devLinkProvider: false, seed: false })
    try {
      const oc = client(off)
      expect((await oc.get('/dev-provider/oauth/authorize?client_id=rewards-dev')).status).toBe(404)
      expect((await oc.get('/dev-provider/accounts/anything')).status).toBe(404)
      const providers = (await oc.get(`${base}/providers`)).body.data
      expect(providers.every((p: { available: boolean }) => !p.available)).toBe(true)
      const t = (await oc.register('off@example.com')).login_token
      const r = await oc.post(`${base}/accounts/authorize`, { provider: 'amazon' }, oc.bearer(t))
      expect(r.status).toBe(503)
      expect(r.body.code).toBe('unavailable')
      expect(off.summary('http://x')).toMatch(/protection: no provider adapter: linking is off/)
    } finally {
      await off.close()
    }
  })
})
