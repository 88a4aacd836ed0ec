// Issue 17 (the API under load): what the production request log writes (server/app.ts,
// ProductionRequestLog). What a line costs is measured by `npm run bench` (scripts/bench-api.ts).
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SLOW_REQUEST_MS } from './app.ts'
import { client, testServer } from './test-helpers.ts'

describe('the request log in production', () => {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l))
      done()
    },
  })
  const production = async () => {
    const app = await testServer({ mode: 'production', logger: { level: 'info', stream } })
    app.get('/api/test/boom', async () => {
      throw new Error('boom')
    })
    app.get('/api/test/slow', async () => {
      await new Promise((r) => setTimeout(r, SLOW_REQUEST_MS + 50))
      return { ok: true }
    })
    return app
  }
  const requestLines = () => lines.filter((l) => 'status' in l || l.msg === 'incoming request')
  let prod: FastifyInstance
  beforeAll(async () => {
    prod = await production()
    // the first store list after a start reads the database, which on a loaded 2-core machine can
    // take SLOW_REQUEST_MS or more (a line of its own): the tests see it answered from the cache
    const c = client(prod)
    expect((await c.get('/api/stores?per_page=5')).status).toBe(200)
    lines.length = 0
  })
  afterAll(() => prod?.close())
  afterEach(() => {
    lines.length = 0
  })

  it('writes no line for a request that succeeds quickly', async () => {
    const c = client(prod)
    expect((await c.get('/api/stores?per_page=5')).status).toBe(200)
    expect((await c.post('/api/sync-token', {})).status).toBe(200)
    expect(requestLines()).toEqual([])
  })

  it('writes one line for a failure, a refusal, a slow request and a client error', async () => {
    const c = client(prod)
    expect((await c.get('/api/test/boom')).status).toBe(500)
    expect((await c.get('/api/account/profile?token=secret')).status).toBe(401)
    expect((await c.get('/api/test/slow')).status).toBe(200)
    expect((await c.get('/api/stores?per_page=1000')).status).toBe(422)
    const got = requestLines().map((l) => [l.level, l.msg, l.path, l.status])
    expect(got).toEqual([
      [50, 'request failed', '/api/test/boom', 500],
      [40, 'request refused', '/api/account/profile', 401],
      [40, 'slow request', '/api/test/slow', 200],
      [30, 'request completed', '/api/stores', 422],
    ])
    const refused = requestLines()[1]!
    expect(refused).toMatchObject({ method: 'GET', ip: '127.0.0.1', reqId: expect.anything() })
    expect(JSON.stringify(lines)).not.toContain('secret')
    // the unhandled error keeps its own line with the stack
    expect(lines.some((l) => l.msg === 'unhandled error')).toBe(true)
  })

  it('writes one line per request at debug (LOG_LEVEL=debug)', async () => {
    prod.log.level = 'debug'
    try {
      await client(prod).get('/api/stores?per_page=5')
    } finally {
      prod.log.level = 'info'
    }
    expect(requestLines().map((l) => [l.level, l.msg, l.path, l.status])).toEqual([
      [20, 'request completed', '/api/stores', 200],
    ])
  })
})
