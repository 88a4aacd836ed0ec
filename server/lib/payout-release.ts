import type { Services } from '../services.ts'
import type { JobRunner } from './job-queue.ts'
import { releaseDuePayouts } from './ledger.ts'

/**
 * The payout release (issue 25, item 5): every `seconds` (constants.payoutReleaseSeconds; 0: off), a
 * recurring job of the runner (one run per period across servers) sends every held payout whose hold
 * has ended, across members, to the payout provider (lib/payouts.ts: a payout_send job each; above
 * constants.payouts.reviewAboveCents, to staff review). A read never sends one.
 */
export function definePayoutReleaseJob(jobs: JobRunner, s: Services, seconds: number) {
  jobs.every('payout_release', seconds, async () => {
    const r = await releaseDuePayouts(s.db)
    for (const uid of r.users) s.sessions.forget(uid) // their cached balances
    return r.released || r.review.length
      ? `payout release: ${r.released} held payouts queued to send, ${r.review.length} to review`
      : undefined
  })
}
