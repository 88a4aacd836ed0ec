import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Balances } from '../src/shared/money.ts'
import { type Db, openDb } from './db/index.ts'
import { importFeed, SAMPLE_FEED, SAMPLE_NETWORK } from './lib/store-feed.ts'
import { DEMO_EMAIL } from './seed/demo.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 29: a server's ready catalog replies (and the pages drawn from them) go when the catalog
 * changes, also when another process changed it: on PostgreSQL a feed import from the command line
 * reaches every server through NOTIFY (lib/changes.ts); the embedded database has one process.
 */
let app: FastifyInstance
beforeAll(async () => {
  app = await testServer()
})
afterAll(() => app.close())

const until = async (ok: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
  return ok()
}

describe('a feed import that changes a store drops the ready catalog replies of every server on the database (issue 29)', () => {
  it(
    process.env.DATABASE_URL
      ? 'PostgreSQL: an import on another connection (npm run import:feed) reaches this server through NOTIFY'
      : 'embedded database: an import in the server process drops them at once',
    async () => {
      const c = client(app)
      expect((await c.get('/api/stores?per_page=5')).status).toBe(200)
      expect((await c.get('/api/categories')).status).toBe(200)
      expect(app.catalogCache.size).toBeGreaterThanOrEqual(2)
      let other: Db | undefined
      const db = app.services.db
      if (db.kind === 'postgres') {
        // another process: its own connection to the same schema, as the command line opens it
        const schema = (await db.one<{ s: string }>('SELECT current_schema() AS s'))!.s
        other = await openDb({ databaseUrl: process.env.DATABASE_URL, schema })
      }
      try {
        const feed = JSON.parse(readFileSync(SAMPLE_FEED, 'utf8')) as { rate: number }[]
        // the whole sample feed (the small seed has part of it): new stores, every server drops them
        const first = await importFeed(other ?? db, SAMPLE_NETWORK, feed)
        expect(first.created).toBeGreaterThan(0)
        expect(await until(() => app.catalogCache.size === 0)).toBe(true)
        // the same feed again changes no store: the ready replies stay
        expect((await c.get('/api/stores?per_page=5')).status).toBe(200)
        expect((await c.get('/api/categories')).status).toBe(200)
        const same = await importFeed(other ?? db, SAMPLE_NETWORK, feed)
        expect(same).toMatchObject({ created: 0, updated: 0, rateChanges: 0, refused: [] })
        await new Promise((r) => setTimeout(r, 200))
        expect(app.catalogCache.size).toBeGreaterThanOrEqual(2)
        // a new rate: every server drops them
        feed[0]!.rate += 50
        const changed = await importFeed(other ?? db, SAMPLE_NETWORK, feed)
        expect(changed.rateChanges).toBe(1)
        expect(await until(() => app.catalogCache.size === 0)).toBe(true)
      } finally {
        await other?.close()
      }
      // and the next request fills it again
      expect((await c.get('/api/categories')).status).toBe(200)
      expect(app.catalogCache.size).toBe(1)
    },
  )
})

describe('a sign-out reaches every server on the database at once (issue 29)', () => {
  it(
    process.env.DATABASE_URL
      ? 'PostgreSQL: a token signed out on one instance is refused by another that had it checked and cached'
      : 'embedded database: a token signed out is refused at once',
    async () => {
      const { a, b, ca, cb } = await twoInstances()
      try {
        const token = await ca.login()
        const h = ca.bearer(token)
        // the other instance checks the token, and keeps the answer (lib/session.ts: seconds)
        expect((await cb.get('/api/account/balances', h)).status).toBe(200)
        expect((await ca.post('/api/logout', {}, h)).status).toBe(200)
        expect(
          await untilAsync(async () => (await cb.get('/api/account/balances', h)).status === 401, 1_000),
        ).toBe(true)
      } finally {
        await b?.close()
        await a.close()
      }
    },
  )
})

/**
 * Two servers on one database, as two `npm start` behind a proxy: on PostgreSQL a second instance on the
 * same schema and JWT secret; the embedded database has one process, so both clients use the one server.
 */
async function twoInstances() {
  const secret = randomBytes(32).toString('hex')
  const a = await testServer({ jwtSecret: secret })
  let b: FastifyInstance | undefined
  if (a.services.db.kind === 'postgres') {
    const schema = (await a.services.db.one<{ s: string }>('SELECT current_schema() AS s'))!.s
    b = await testServer({
      jwtSecret: secret,
      databaseUrl: process.env.DATABASE_URL,
      schema,
      dropSchema: false,
      seed: false,
    })
  }
  return { a, b, ca: client(a), cb: client(b ?? a) }
}

const untilAsync = async (ok: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms
  for (;;) {
    if (await ok()) return true
    if (Date.now() > end) return false
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe("a change to a member's balances reaches every server on the database at once (issue 29)", () => {
  it(
    process.env.DATABASE_URL
      ? "PostgreSQL: cash back booked through one instance shows on another that had the member's balances cached"
      : 'embedded database: cash back booked shows at once',
    async () => {
      const { a, b, ca, cb } = await twoInstances()
      try {
        const h = ca.bearer(await ca.login())
        const pending = async () =>
          ((await cb.get('/api/account/balances', h)).body as Balances).cash.pending_cents
        // the other instance reads the sums and keeps them (lib/session.ts: seconds)
        const before = await pending()
        const booked = await ca.post('/api/dev/ledger/purchase', { email: DEMO_EMAIL, amount_cents: 1234 })
        expect(booked.status).toBe(200)
        // well inside the cache's 5 s: the other instance was told; it did not wait its copy out
        expect(await untilAsync(async () => (await pending()) === before + 1234, 1_000)).toBe(true)
      } finally {
        await b?.close()
        await a.close()
      }
    },
  )
})
