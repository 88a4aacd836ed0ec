import type { Db } from '../db/index.ts'
import type { CoinPlatform } from './coins.ts'
import { book } from './ledger.ts'

export type PostbackStatus = 'complete' | 'reversal' | 'screenout'

export interface Postback {
  attempt: string
  transaction: string
  amount: number
  status: PostbackStatus
  /** The named event it pays (config/coins.json `events`); '' for the single completion. */
  event: string
}

export type PostbackResult =
  | { ok: true; duplicate: boolean; userId: number | null }
  | { ok: false; status: number; code: string; message: string }

const refuse = (status: number, code: string, message: string): PostbackResult => ({
  ok: false,
  status,
  code,
  message,
})

interface AttemptRow {
  id: string
  user_id: number
  platform: string
  survey_id: number | null
  offer_id: number | null
  status: string
  title: string
  is_onboarding: boolean
}

/**
 * Applies one postback whose signature was checked: in one transaction, records it in coin_postbacks
 * (its primary key (platform, transaction, kind) makes a repeat a no-op answered as already done),
 * books the ledger row (source `postback:<platform>:<transaction>`, a reversal `...:reversal`, both
 * unique) and moves the attempt. A completion pays only if its row of coin_payments (primary key: member,
 * survey or offer, event) is new: a member is paid once per survey or offer (per named event for a
 * platform that pays per event), whatever the attempts and transactions, also when they arrive at once
 * on PostgreSQL (the insert waits for the other transaction and then does nothing). The development
 * platform's coins are test money. The onboarding survey's completion sets users.coin_onboarding.
 */
export async function applyPostback(
  db: Db,
  p: CoinPlatform,
  pb: Postback,
  params: Record<string, string>,
): Promise<PostbackResult> {
  return db
    .transaction<PostbackResult>(async (tx) => {
      const a = await tx.one<AttemptRow>(
        `SELECT a.id, a.user_id, a.platform, a.survey_id, a.offer_id, a.status,
         COALESCE(s.title, o.display_name) AS title, COALESCE(s.is_onboarding, false) AS is_onboarding
       FROM coin_attempts a LEFT JOIN surveys s ON s.id = a.survey_id LEFT JOIN offers o ON o.id = a.offer_id
       WHERE a.id = $1 AND a.platform = $2 FOR UPDATE OF a`,
        [pb.attempt, p.id],
      )
      if (!a) return refuse(404, 'unknown_attempt', 'No such attempt on this platform.')
      const kind = a.survey_id ? 'survey' : 'offer'
      if (!p.kinds.includes(kind)) return refuse(400, 'wrong_kind', `This platform does not report ${kind}s.`)
      const fresh = await tx.one(
        `INSERT INTO coin_postbacks (platform, transaction_id, kind, attempt_id, user_id, coins, params)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING transaction_id`,
        [p.id, pb.transaction, pb.status, a.id, a.user_id, pb.amount, JSON.stringify(params)],
      )
      if (!fresh) return { ok: true, duplicate: true, userId: a.user_id }
      const ref = `postback:${p.id}:${pb.transaction}`
      if (pb.status === 'complete') {
        // once per member per survey or offer (and event): the primary key of coin_payments decides
        const paid = await tx.one(
          `INSERT INTO coin_payments (user_id, item_kind, item_id, event, platform, attempt_id, ledger_ref)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING user_id`,
          [a.user_id, kind, a.survey_id ?? a.offer_id, pb.event, p.id, a.id, ref],
        )
        if (!paid) {
          // already paid under another attempt or transaction: this attempt is finished, with no coins
          if (a.status === 'started')
            await tx.query(
              "UPDATE coin_attempts SET status = 'completed', coins = 0, updated_at = now() WHERE id = $1",
              [a.id],
            )
          return { ok: true, duplicate: true, userId: a.user_id }
        }
        const id = await book(tx, {
          userId: a.user_id,
          kind: kind === 'survey' ? 'coin_survey' : 'coin_offer',
          currency: 'coin',
          amount: pb.amount,
          status: 'payable',
          reason: kind === 'survey' ? `Survey completed: ${a.title}` : `Offer completed: ${a.title}`,
          sourceRef: ref,
          offer: kind === 'offer' ? a.title : null,
          // the development platform is a stand-in: its coins are test money (issue 25)
          test: p.development,
        })
        // the ledger already has this transaction: undo the payment row too
        if (id === undefined) throw new Duplicate(a.user_id)
        // an attempt of a per-event offer collects its events' coins
        await tx.query(
          `UPDATE coin_attempts SET status = CASE WHEN status = 'reversed' THEN status ELSE 'completed' END,
             coins = coins + $2, updated_at = now() WHERE id = $1`,
          [a.id, pb.amount],
        )
        if (a.survey_id)
          await tx.query(
            'INSERT INTO survey_completions (user_id, survey_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
            [a.user_id, a.survey_id],
          )
        if (a.is_onboarding) await tx.query('UPDATE users SET coin_onboarding = 1 WHERE id = $1', [a.user_id])
        return { ok: true, duplicate: false, userId: a.user_id }
      }
      if (pb.status === 'reversal') {
        const credit = await tx.one<{ amount: number; user_id: number }>(
          'SELECT amount, user_id FROM ledger WHERE source_ref = $1',
          [ref],
        )
        if (!credit || credit.user_id !== a.user_id)
          throw new Refusal(409, 'nothing_to_reverse', 'This transaction was never credited.')
        const id = await book(tx, {
          userId: a.user_id,
          kind: 'coin_reversal',
          currency: 'coin',
          amount: -credit.amount,
          status: 'payable',
          reason: `${kind === 'survey' ? 'Survey' : 'Offer'} reversed by the partner: ${a.title}`,
          sourceRef: `${ref}:reversal`,
          offer: kind === 'offer' ? a.title : null,
          test: p.development,
        })
        if (id !== undefined)
          await tx.query("UPDATE coin_attempts SET status = 'reversed', updated_at = now() WHERE id = $1", [
            a.id,
          ])
        return { ok: true, duplicate: id === undefined, userId: a.user_id }
      }
      // screenout: nothing to book; the attempt is finished
      if (a.status === 'started')
        await tx.query("UPDATE coin_attempts SET status = 'screened_out', updated_at = now() WHERE id = $1", [
          a.id,
        ])
      return { ok: true, duplicate: false, userId: a.user_id }
    })
    .catch((e: unknown) => {
      // a refusal found inside the transaction rolls it back (the postback row with it)
      if (e instanceof Refusal) return refuse(e.status, e.code, e.message)
      if (e instanceof Duplicate) return { ok: true, duplicate: true, userId: e.userId }
      throw e
    })
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** A repeat found after something was written: rolls the transaction back, answered as already done. */
class Duplicate extends Error {
  constructor(readonly userId: number) {
    super('duplicate')
  }
}
