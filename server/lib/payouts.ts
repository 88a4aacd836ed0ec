import { constants } from '../../src/config/constants.ts'
import type { PayoutResult } from '../adapters/payout.ts'
import type { Db } from '../db/index.ts'
import type { Services } from '../services.ts'
import { enqueue, type JobRunner } from './job-queue.ts'
import { sendMemberMail } from './member-mail.ts'

/**
 * Payouts (issue 27): a withdrawal leaves the member's balance when it is asked for (its ledger row is a
 * pending debit) and is sent by scheduled work, never by a request or a read:
 *
 *   held ──(hold ends: payout_release)──▶ sending ──(payout_send job: provider.send)──▶ sent ──▶ paid
 *     └──▶ review (worth more than reviewAboveCents) ──approvePayout──▶ sending        └──▶ failed
 *                                        └──rejectPayout──▶ rejected
 *
 * The result comes from the provider's signed webhook (settlePayout), from `poll` for a provider without
 * webhooks, or at once from `send`. A failed or rejected payout returns the money: its ledger row becomes
 * `reversed` (so it no longer counts against the balance), exactly once however many copies of the
 * webhook arrive at once (the status change is one conditional UPDATE: one wins), with a notification
 * and a mail (a one-off job, retried until sent). A gift-card withdrawal is issued by the gift-card
 * provider instead: its code lands in gift_cards and the payout is paid.
 */

interface WithdrawalRow {
  id: number
  user_id: number
  kind: 'cash' | 'coin'
  amount: number
  value_cents: number
  method: string
  destination: string
  status: string
  test: boolean
  provider: string | null
  provider_ref: string | null
}

const COLS =
  'id, user_id, kind, amount, value_cents, method, destination, status, test, provider, provider_ref'

/** Sends one payout that is `sending` (the `payout_send` job). Answers a line for the log. */
export async function sendPayout(s: Services, id: number): Promise<string | undefined> {
  const w = await s.db.one<WithdrawalRow>(`SELECT ${COLS} FROM withdrawals WHERE id = $1`, [id])
  if (w?.status !== 'sending') return undefined
  if (w.method === 'giftcard') return issueGiftCard(s, w)
  const p = s.payouts
  // the job is retried (backoff) until a provider is set: the payout waits, nothing is lost
  if (!p) throw new Error(`payout ${id} waits: no payout provider (PAYOUT_PROVIDER)`)
  // a real provider never receives test money
  if (w.test && !p.paysTestMoney) {
    await returnPayout(s, w.id, 'failed', 'Test money is never paid out by a real payout provider.', [
      'sending',
    ])
    return `payout ${id}: test money, not sent to ${p.id}`
  }
  const r = await p.send({
    payoutId: w.id,
    amountCents: w.value_cents,
    method: w.method,
    destination: w.destination,
    idempotencyKey: `payout:${w.id}`,
  })
  await s.db.query(
    `UPDATE withdrawals SET provider = $2, provider_ref = $3, sent_at = now(), status = 'sent'
     WHERE id = $1 AND status = 'sending'`,
    [w.id, p.id, r.ref],
  )
  if (r.status !== 'sent') await settlePayout(s, p.id, r)
  return `payout ${id} sent to ${p.id}`
}

/** A gift-card withdrawal: the provider issues the card, its code lands in gift_cards, the payout is paid. */
async function issueGiftCard(s: Services, w: WithdrawalRow): Promise<string | undefined> {
  const g = s.giftCards
  if (!g) throw new Error(`gift-card payout ${w.id} waits: no gift-card provider`)
  if (w.test && !g.paysTestMoney) {
    await returnPayout(s, w.id, 'failed', 'Test money is never paid out by a real gift-card provider.', [
      'sending',
    ])
    return undefined
  }
  const card = await g.issue({
    payoutId: w.id,
    brand: w.destination,
    amountCents: w.value_cents,
    idempotencyKey: `payout:${w.id}`,
  })
  const done = await s.db.transaction(async (tx) => {
    const won = await tx.one(
      `UPDATE withdrawals SET status = 'paid', provider = $2, sent_at = now(), settled_at = now()
       WHERE id = $1 AND status = 'sending' RETURNING id`,
      [w.id, `giftcard:${g.id}`],
    )
    if (!won) return false
    const gc = await tx.one<{ id: number }>(
      `INSERT INTO gift_cards (user_id, brand, amount_cents, code, status, expires_at, withdrawal_id, provider)
       VALUES ($1, $2, $3, $4, 'active', $5, $6, $7) RETURNING id`,
      [w.user_id, w.destination, w.value_cents, card.code, card.expiresAt.toISOString(), w.id, g.id],
    )
    await tx.query('UPDATE withdrawals SET gift_card_id = $2 WHERE id = $1', [w.id, gc!.id])
    await tx.query(
      `UPDATE ledger SET status = 'paid', updated_at = now() WHERE source_ref = $1 AND status = 'pending'`,
      [`withdrawal:${w.id}`],
    )
    return true
  })
  if (done) s.sessions.forget(w.user_id)
  return done ? `gift-card payout ${w.id} issued by ${g.id}` : undefined
}

/**
 * A provider's result for one of its payouts (webhook, poll or send). `paid`: the payout and its ledger
 * row become paid. `failed`: the money returns (returnPayout). Answers whether anything changed, or
 * undefined when no payout of this provider has that reference.
 */
export async function settlePayout(
  s: Services,
  providerId: string,
  r: PayoutResult,
): Promise<boolean | undefined> {
  const w = await s.db.one<{ id: number; user_id: number }>(
    'SELECT id, user_id FROM withdrawals WHERE provider = $1 AND provider_ref = $2',
    [providerId, r.ref],
  )
  if (!w) return undefined
  if (r.status === 'sent') return false
  if (r.status === 'failed')
    return returnPayout(s, w.id, 'failed', r.reason ?? 'The payout provider could not pay it.', [
      'sending',
      'sent',
      'paid',
    ])
  const paid = await s.db.transaction(async (tx) => {
    const won = await tx.one(
      `UPDATE withdrawals SET status = 'paid', settled_at = now() WHERE id = $1 AND status IN ('sending', 'sent') RETURNING id`,
      [w.id],
    )
    if (!won) return false
    await tx.query(
      `UPDATE ledger SET status = 'paid', updated_at = now() WHERE source_ref = $1 AND status = 'pending'`,
      [`withdrawal:${w.id}`],
    )
    return true
  })
  if (paid) s.sessions.forget(w.user_id)
  return paid
}

/**
 * Returns a payout's money to the balance, once: the withdrawal becomes `to` (failed or rejected) only
 * from one of the `from` statuses, in one conditional UPDATE (of any number of concurrent calls, one
 * wins); its ledger row becomes reversed; the member gets a notification (kind payout_failed or
 * payout_rejected) and a mail (one-off job payout_mail:<id>). Answers whether this call returned it.
 */
export async function returnPayout(
  s: Services,
  id: number,
  to: 'failed' | 'rejected',
  reason: string,
  from: string[],
): Promise<boolean> {
  const w = await s.db.transaction(async (tx) => {
    const row = await tx.one<WithdrawalRow>(
      `UPDATE withdrawals SET status = $2, failure_reason = $3, settled_at = now()
       WHERE id = $1 AND status = ANY($4::text[]) RETURNING ${COLS}`,
      [id, to, reason.slice(0, 500), from],
    )
    if (!row) return undefined
    await tx.query(
      `UPDATE ledger SET status = 'reversed', updated_at = now() WHERE source_ref = $1 AND status IN ('pending', 'paid')`,
      [`withdrawal:${id}`],
    )
    await notifyReturned(tx, row, to, reason)
    await enqueue(tx, 'payout_mail', { key: `payout_mail:${id}`, payload: { id } })
    return row
  })
  if (w) s.sessions.forget(w.user_id)
  return !!w
}

const money = (w: Pick<WithdrawalRow, 'kind' | 'amount'>) =>
  w.kind === 'cash' ? `$${(w.amount / 100).toFixed(2)}` : `${w.amount.toLocaleString('en-US')} coins`

async function notifyReturned(tx: Db, w: WithdrawalRow, to: 'failed' | 'rejected', reason: string) {
  const kind = to === 'failed' ? 'payout_failed' : 'payout_rejected'
  const title = to === 'failed' ? 'Your payout was returned' : 'Your payout was not approved'
  const body = `Your withdrawal of ${money(w)} could not be paid (${reason}). The money is back in your balance.`
  await tx.query(
    'INSERT INTO notifications (user_id, title, body, kind, params) VALUES ($1, $2, $3, $4, $5::jsonb)',
    [w.user_id, title, body, kind, JSON.stringify({ amount_cents: w.value_cents, reason, method: w.method })],
  )
}

/** The mail of a returned payout, in the member's language (locales/<lng>/mail-payouts.json). */
export async function mailReturned(s: Services, id: number): Promise<string | undefined> {
  const w = await s.db.one<WithdrawalRow & { failure_reason: string | null }>(
    `SELECT ${COLS}, failure_reason FROM withdrawals WHERE id = $1`,
    [id],
  )
  if (!w || (w.status !== 'failed' && w.status !== 'rejected')) return undefined
  const key = w.status === 'failed' ? 'failed' : 'rejected'
  const link = `${s.publicUrl}${w.kind === 'cash' ? '/account/withdrawal' : '/account/withdrawal-coin'}`
  await sendMemberMail(s, w.user_id, (t, _lng, m) => ({
    to: m.email,
    subject: t(`mail-payouts:${key}.subject`, { amount: money(w) }),
    body: `${m.name ? t('mail-payouts:greeting', { name: m.name }) : t('mail-payouts:greetingNoName')}\n\n${t(
      `mail-payouts:${key}.body`,
      { amount: money(w), reason: w.failure_reason ?? '' },
    )}\n\n${t('mail-payouts:link')}: ${link}`,
    links: [{ label: t('mail-payouts:link'), url: link }],
  }))
  return `payout ${id}: returned mail sent`
}

/** Staff (issue 28's queue): a payout in review is sent. Answers false when it is not in review. */
export async function approvePayout(s: Services, id: number, staffNote: string): Promise<boolean> {
  return s.db.transaction(async (tx) => {
    const w = await tx.one<{ id: number }>(
      `UPDATE withdrawals SET status = 'sending', staff_note = $2 WHERE id = $1 AND status = 'review' RETURNING id`,
      [id, staffNote.slice(0, 500)],
    )
    if (!w) return false
    await enqueue(tx, 'payout_send', { key: `payout_send:${id}`, payload: { id } })
    return true
  })
}

/** Staff: a payout in review is refused; the money returns to the member's balance with the reason. */
export const rejectPayout = (s: Services, id: number, reason: string) =>
  returnPayout(s, id, 'rejected', reason, ['review'])

/**
 * The scheduled work of payouts: `payout_send` (one job per payout), `payout_mail` (the returned mail),
 * and, for a provider without webhooks, `payout_poll` every constants.payouts.pollSeconds.
 */
export function definePayoutJobs(jobs: JobRunner, s: Services) {
  const idOf = (payload: unknown) => Number((payload as { id?: unknown })?.id)
  jobs.define('payout_send', (job) => sendPayout(s, idOf(job.payload)))
  jobs.define('payout_mail', (job) => mailReturned(s, idOf(job.payload)))
  const p = s.payouts
  if (p?.poll) {
    const poll = p.poll.bind(p)
    jobs.every('payout_poll', constants.payouts.pollSeconds, async () => {
      const sent = await s.db.query<{ provider_ref: string }>(
        `SELECT provider_ref FROM withdrawals WHERE status = 'sent' AND provider = $1 ORDER BY sent_at LIMIT 500`,
        [p.id],
      )
      let changed = 0
      for (const w of sent) if (await settlePayout(s, p.id, await poll(w.provider_ref))) changed++
      return changed ? `payout poll: ${changed} payouts settled` : undefined
    })
  }
}
