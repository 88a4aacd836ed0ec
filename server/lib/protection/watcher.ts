import type { ClaimKind } from '../../../plugins/protection/contract.ts'
import type { Services } from '../../services.ts'
import type { JobRunner } from '../job-queue.ts'
import { book } from '../ledger.ts'
import { candidates, fileFinding, findingsOf } from './findings.ts'
import { ProviderError } from './providers.ts'
import type { Protection } from './setup.ts'
import { syncAccount, syncTargets } from './sync.ts'

export interface WatchResult {
  /** Accounts read, and those whose provider did not answer or refused our token. */
  synced: number
  failed: number
  found: number
  paid: number
  declined: number
}

const WHAT: Record<ClaimKind, string> = {
  price: 'a lower price',
  shipping: 'a late delivery',
  package: 'a lost package',
  hotel: 'a lower hotel rate',
  carrental: 'a lower car-rental rate',
}

/**
 * One pass of the watcher (for one member with `userId`): read every connected account, file what the
 * orders are owed, and settle filed claims with the provider's decision. Safe to run concurrently:
 * a finding is filed once (UNIQUE (order_id, kind)), a claim moves out of `filed` once, and a refund
 * has a unique source reference.
 */
export async function runWatcher(
  s: Pick<Services, 'db' | 'protection' | 'sessions'>,
  opts: { userId?: number; now?: Date } = {},
): Promise<WatchResult> {
  const now = opts.now ?? new Date()
  const out: WatchResult = { synced: 0, failed: 0, found: 0, paid: 0, declined: 0 }
  for (const a of await syncTargets(s.db, opts.userId)) {
    const r = await syncAccount(s.db, s.protection, a)
    if (r === 'ok') out.synced++
    else out.failed++
  }
  for (const o of await candidates(s.db, opts.userId, now))
    for (const f of findingsOf(o, now)) if (await fileFinding(s.db, f, now)) out.found++
  const settled = await settle(s, opts.userId, now)
  out.paid = settled.paid
  out.declined = settled.declined
  return out
}

interface Filed {
  id: number
  user_id: number
  kind: ClaimKind
  amount_cents: number
  merchant: string
  reference: string
  external_id: string
  token_ciphertext: string
}

/** Filed claims get the provider's decision: approved ones are paid to the ledger, declined ones keep the reason. */
async function settle(
  s: Pick<Services, 'db' | 'protection' | 'sessions'>,
  userId: number | undefined,
  now: Date,
) {
  const { db, protection: p } = s
  const out = { paid: 0, declined: 0 }
  if (!p.adapter || !p.cipher) return out
  const filed = await db.query<Filed>(
    `SELECT c.id, c.user_id, c.kind, c.amount_cents, c.merchant, c.reference, o.external_id, la.token_ciphertext
     FROM protection_claims c JOIN protection_orders o ON o.id = c.order_id
       JOIN linked_accounts la ON la.id = o.linked_account_id
     WHERE c.status = 'filed' AND la.status = 'connected' AND la.token_ciphertext IS NOT NULL
       AND ($1::int IS NULL OR c.user_id = $1)
     ORDER BY c.id`,
    [userId ?? null],
  )
  for (const c of filed) {
    let decision: Awaited<ReturnType<NonNullable<Protection['adapter']>['decide']>>
    try {
      decision = await p.adapter.decide(p.cipher.decrypt(c.token_ciphertext), c)
    } catch (e) {
      if (e instanceof ProviderError) continue // asked again on the next run
      throw e
    }
    const at = now.toISOString()
    if (decision.approved) {
      const paid = await db.transaction(async (tx) => {
        const moved = await tx.one(
          `UPDATE protection_claims SET status = 'paid', updated_at = now() WHERE id = $1 AND status = 'filed' RETURNING id`,
          [c.id],
        )
        if (!moved) return false // another run settled it
        await tx.query(
          `INSERT INTO protection_claim_events (claim_id, status, at) VALUES ($1, 'approved', $2), ($1, 'paid', $2)`,
          [c.id, at],
        )
        await book(tx, {
          userId: c.user_id,
          kind: 'protection_refund',
          currency: 'cash',
          amount: c.amount_cents,
          status: 'payable',
          reason: `Protection refund for ${WHAT[c.kind]} at ${c.merchant} (order ${c.reference})`,
          sourceRef: `protection:${c.id}`,
          // approved by a stand-in (the development provider): test money, never paid out
          test: p.adapter!.test,
        })
        return true
      })
      if (paid) {
        out.paid++
        s.sessions.forget(c.user_id) // the member's cached balances
      }
    } else {
      const moved = await db.transaction(async (tx) => {
        const r = await tx.one(
          `UPDATE protection_claims SET status = 'declined', decline_reason = $2, updated_at = now()
           WHERE id = $1 AND status = 'filed' RETURNING id`,
          [c.id, decision.reason],
        )
        if (r)
          await tx.query(
            `INSERT INTO protection_claim_events (claim_id, status, at, note) VALUES ($1, 'declined', $2, $3)`,
            [c.id, at, decision.reason],
          )
        return !!r
      })
      if (moved) out.declined++
    }
  }
  return out
}

/**
 * The watcher as a recurring job of the runner (`protection_watch`, every protection.watchSeconds:
 * constants.protection.watchIntervalSeconds; 0: off): one run per period across servers.
 */
export function defineWatcherJob(jobs: JobRunner, s: Services, seconds = s.protection.watchSeconds) {
  if (!s.protection.adapter) return
  jobs.every('protection_watch', seconds, async () => {
    const r = await runWatcher(s)
    return `protection watcher: ${r.found} found, ${r.paid} paid, ${r.failed} accounts failed`
  })
}
