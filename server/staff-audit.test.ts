import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audit } from './lib/staff/audit.ts'
import { staffMember, testServer } from './test-helpers.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await testServer()
})
afterAll(() => app.close())

describe('the staff audit log is append-only (issue 28)', () => {
  it('keeps a row with who, what, the target, the before and the after', async () => {
    const who = await staffMember(app, 'finance')
    await audit(
      app.services.db,
      { id: who.id, email: who.email },
      'payout.approve',
      'withdrawal:7',
      { status: 'review' },
      { status: 'sending' },
    )
    const row = await app.services.db.one<{
      actor: string
      action: string
      target: string
      before: unknown
      after: unknown
    }>('SELECT actor, action, target, before, after FROM staff_audit WHERE staff_id = $1', [who.id])
    expect(row).toEqual({
      actor: who.email,
      action: 'payout.approve',
      target: 'withdrawal:7',
      before: { status: 'review' },
      after: { status: 'sending' },
    })
  })

  it('refuses UPDATE, DELETE and TRUNCATE from the app', async () => {
    const db = app.services.db
    await expect(db.query(`UPDATE staff_audit SET action = 'changed'`)).rejects.toThrow(/append-only/)
    await expect(db.query('DELETE FROM staff_audit')).rejects.toThrow(/append-only/)
    await expect(db.query('TRUNCATE staff_audit')).rejects.toThrow(/append-only/)
    const n = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_audit WHERE action = 'payout.approve'`,
    )
    expect(n!.n).toBe(1)
  })
})
