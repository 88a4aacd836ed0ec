import type { Services } from '../../services.ts'
import type { JobRunner } from '../job-queue.ts'
import { releaseDueCashback } from './conversions.ts'
import type { ConversionChange } from './hooks.ts'
import { afterCashbackChanges } from './notify.ts'

/**
 * Cash back becomes payable by time (issue 26): every `seconds` (constants.jobPollSeconds), the recurring
 * job `cashback_payable` moves confirmed conversions whose payable_at has passed to payable
 * (releaseDueCashback, rows taken FOR UPDATE SKIP LOCKED), forgets those members' cached sums and tells
 * them (afterCashbackChanges). A failed release is logged and retried by the runner; nothing is told.
 * `deps` replaces the release, the notification or the name (tests).
 */
export function defineCashbackPayableJob(
  jobs: JobRunner,
  s: Services,
  seconds: number,
  deps: {
    name?: string
    release?: (db: Services['db']) => Promise<ConversionChange[]>
    notify?: (s: Services, changes: ConversionChange[]) => Promise<void>
  } = {},
) {
  const release = deps.release ?? releaseDueCashback
  const notify = deps.notify ?? afterCashbackChanges
  jobs.every(deps.name ?? 'cashback_payable', seconds, async () => {
    const changes = await release(s.db)
    if (!changes.length) return undefined
    for (const uid of new Set(changes.map((c) => c.userId))) s.sessions.forget(uid) // their cached sums
    await notify(s, changes)
    return `cash back payable: ${changes.length} conversions`
  })
}
