import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warmUp } from './lib/readiness.ts'
import { drainSecondsFromEnv } from './startup.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 29: a load balancer sends traffic to an instance only while /api/health/ready says so: 503 until
 * the migrations are applied and the caches warmed, and again while it drains after SIGTERM.
 * /api/health stays the liveness check (the process and its database answer).
 */
let app: FastifyInstance
beforeAll(async () => {
  app = await testServer({ ready: false })
})
afterAll(() => app.close())

describe('readiness and liveness (issue 29)', () => {
  it('is not ready until warmed, ready after, and not ready while draining; alive throughout', async () => {
    const c = client(app)
    const before = await c.get('/api/health/ready')
    expect(before.status).toBe(503)
    expect(before.body).toEqual({ ready: false, state: 'starting' })
    expect(before.headers['retry-after']).toBe('1')
    expect((await c.get('/api/health')).status).toBe(200)

    const asked: string[] = []
    const inject = app.inject.bind(app)
    app.inject = ((o: { url: string }) => {
      asked.push(o.url)
      return inject(o as never)
    }) as typeof app.inject
    await warmUp(app)
    app.inject = inject as typeof app.inject
    expect(app.catalogCache.size).toBeGreaterThan(0)
    // the most popular store's page is drawn too (its code is the painter's largest)
    const top = (await c.get('/api/stores?per_page=1')).body.data[0].internal_name
    expect(asked).toEqual(['/api/categories', '/', '/stores', '/api/stores?per_page=1', `/${top}-coupons`])
    const ready = await c.get('/api/health/ready')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ ready: true, state: 'ready' })

    app.readiness.state = 'draining'
    const draining = await c.get('/api/health/ready')
    expect(draining.status).toBe(503)
    expect(draining.body).toEqual({ ready: false, state: 'draining' })
    // still serving while it drains: what the balancer sent before it noticed is answered
    expect((await c.get('/api/health')).status).toBe(200)
    expect((await c.get('/api/categories')).status).toBe(200)
  })
})

describe('SHUTDOWN_DRAIN_SECONDS (issue 29: how long a server drains after SIGTERM)', () => {
  it('is 5 s in production and 0 in development and test by default; a set value is checked', () => {
    expect(drainSecondsFromEnv({})).toBe(5)
    expect(drainSecondsFromEnv({ NODE_ENV: 'production' })).toBe(5)
    expect(drainSecondsFromEnv({ NODE_ENV: 'test' })).toBe(0)
    expect(drainSecondsFromEnv({ NODE_ENV: 'development', SHUTDOWN_DRAIN_SECONDS: '12' })).toBe(12)
    expect(() => drainSecondsFromEnv({ SHUTDOWN_DRAIN_SECONDS: 'soon' })).toThrow(/from 0 to 120, not 'soon'/)
    expect(() => drainSecondsFromEnv({ SHUTDOWN_DRAIN_SECONDS: '600' })).toThrow(/from 0 to 120/)
  })
})
