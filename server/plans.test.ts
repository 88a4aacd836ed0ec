import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePlans, planOf, plans } from './lib/plans.ts'
import { client, testServer } from './test-helpers.ts'

/** config/plans.json as a marketer wrote it: the one source of the membership prices. */
const file = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'config', 'plans.json'), 'utf8')) as {
  plans: { id: string; amountCents: number; trialDays: number; currency: string; interval: string }[]
}

let app: FastifyInstance
beforeAll(async () => {
  app = await testServer()
})
afterAll(() => app.close())

describe('plans (config/plans.json)', () => {
  it('plans() and planOf(id) are the plans of config/plans.json', () => {
    expect(plans().map((p) => p.id)).toEqual(file.plans.map((p) => p.id))
    for (const p of file.plans) expect(planOf(p.id as 'plus')).toEqual(p)
  })

  it('a plans file that is wrong stops the start-up with the problem said as config:check says it', () => {
    const bad = { plans: file.plans.map((p) => (p.id === 'plus' ? { ...p, amountCents: 12.99 } : p)) }
    expect(() => parsePlans(bad)).toThrow(
      /config\/plans\.json at plans\[0\]\.amountCents: An amount is whole cents/,
    )
    expect(() => parsePlans({ plans: file.plans.filter((p) => p.id !== 'shipping') })).toThrow(
      /The plan 'shipping' is sold by the app/,
    )
  })

  it('GET /api/plans answers the amounts and trial days of config/plans.json', async () => {
    const r = await client(app).get('/api/plans')
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual(
      file.plans.map((p) => ({
        plan: p.id,
        price_cents: p.amountCents,
        trial_days: p.trialDays,
        currency: p.currency,
      })),
    )
  })
})
