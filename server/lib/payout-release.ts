import type { FastifyInstance } from 'fastify'
import type { Services } from '../services.ts'
import { scheduleJob } from './jobs.ts'
import { releaseDuePayouts } from './ledger.ts'

/**
 * The payout release (issue 25, item 5): every `seconds` (constants.payoutReleaseSeconds; 0: off), one
 * server sends every held payout whose hold has ended, across members. A read never sends one.
 */
export function schedulePayoutRelease(app: FastifyInstance, s: Services, seconds: number) {
  scheduleJob(app, s.db, 'payout_release', seconds, async () => {
    const r = await releaseDuePayouts(s.db)
    for (const uid of r.users) s.sessions.forget(uid) // their cached balances
    return r.released ? `payout release: ${r.released} held payouts sent` : undefined
  })
}
