import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { constants } from '../src/config/constants.ts'
import type { PayoutProvider, PayoutResult } from './adapters/payout.ts'
import type { Db } from './db/index.ts'
import { absentPages, callSelf, devPage, esc } from './lib/dev-page.ts'
import { enqueue, type JobRunner } from './lib/job-queue.ts'
import { bodySignatureOk, signBody } from './lib/networks.ts'

/**
 * The development payout provider (issue 27): a stand-in for PayPal, a bank, ... that runs on this
 * server and moves no money (it pays test money). `send` books the payout in its own table
 * (dev_payouts, once per idempotency key) and, constants.payouts.devProviderDelaySeconds later (a one-off
 * job, so it survives a restart and tests move time instead of waiting), reports it paid through the
 * signed webhook POST /api/payouts/webhook/development, over HTTP like a real provider. Its page,
 * /dev-payout/, lists what it was sent and lets a person mark a payout failed (returned, even after it
 * was paid, as a bank return is): that report goes out at once. Pages in English on purpose ("another
 * site", like the development network).
 */

export const DEV_PAYOUT_SIGNATURE_HEADER = 'x-dev-payout-signature'
const WEBHOOK_PATH = '/api/payouts/webhook/development'

interface DevPayout {
  ref: string
  payout_id: number
  amount_cents: number
  method: string
  destination: string
  status: 'sent' | 'paid' | 'failed'
  reason: string | null
  created_at: Date | string
}

/** The webhook's signing secret: this process's own (the stand-in calls this same process). */
export function devPayoutSecret(): string {
  return randomBytes(32).toString('hex')
}

export function devPayoutProvider(db: Db, secret: string): PayoutProvider {
  return {
    id: 'development',
    describe: () =>
      `development payout provider on (/dev-payout/; reports paid after ${constants.payouts.devProviderDelaySeconds} s; it pays test money only)`,
    paysTestMoney: true,
    async send(p) {
      await db.query(
        `INSERT INTO dev_payouts (ref, idempotency_key, payout_id, amount_cents, method, destination, status)
         VALUES ($1, $2, $3, $4, $5, $6, 'sent') ON CONFLICT (idempotency_key) DO NOTHING`,
        [`devpay_${randomUUID()}`, p.idempotencyKey, p.payoutId, p.amountCents, p.method, p.destination],
      )
      const row = (await db.one<{ ref: string }>('SELECT ref FROM dev_payouts WHERE idempotency_key = $1', [
        p.idempotencyKey,
      ]))!
      const runAt = new Date(Date.now() + constants.payouts.devProviderDelaySeconds * 1000)
      await enqueue(db, 'dev_payout_report', {
        key: `dev_payout_report:${row.ref}:paid`,
        runAt,
        payload: { ref: row.ref },
      })
      return { ref: row.ref, status: 'sent' }
    },
    verifyWebhook(raw, headers) {
      const given = headers[DEV_PAYOUT_SIGNATURE_HEADER]
      if (!bodySignatureOk(raw, secret, typeof given === 'string' ? given : undefined)) return undefined
      try {
        const b = JSON.parse(raw) as Partial<PayoutResult>
        if (typeof b.ref !== 'string' || !['sent', 'paid', 'failed'].includes(String(b.status)))
          return undefined
        return {
          ref: b.ref,
          status: b.status as PayoutResult['status'],
          ...(b.reason ? { reason: String(b.reason) } : {}),
        }
      } catch {
        return undefined
      }
    },
  }
}

/** The stand-in's signed report of one of its payouts. */
export function signedReport(secret: string, r: PayoutResult) {
  const body = JSON.stringify(r)
  return {
    body,
    headers: { 'content-type': 'application/json', [DEV_PAYOUT_SIGNATURE_HEADER]: signBody(body, secret) },
  }
}

/** The stand-in's report job: a payout still `sent` becomes paid; the current result goes to the webhook. */
export function defineDevPayoutJobs(jobs: JobRunner, app: FastifyInstance, db: Db, secret: string) {
  jobs.define('dev_payout_report', async (job) => {
    const ref = String((job.payload as { ref?: unknown })?.ref ?? '')
    await db.query(`UPDATE dev_payouts SET status = 'paid' WHERE ref = $1 AND status = 'sent'`, [ref])
    const p = await db.one<DevPayout>('SELECT ref, status, reason FROM dev_payouts WHERE ref = $1', [ref])
    if (!p) return undefined
    const r = signedReport(secret, {
      ref: p.ref,
      status: p.status,
      ...(p.reason ? { reason: p.reason } : {}),
    })
    const status = await callSelf(app, WEBHOOK_PATH, r)
    if (status !== 200) throw new Error(`development payout webhook answered ${status}`)
    return `development payout provider: reported ${p.status}`
  })
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

export async function devPayoutRoutes(app: FastifyInstance, db: Db) {
  const page = (reply: FastifyReply, status: number, title: string, body: string) =>
    devPage(reply, {
      status,
      title,
      site: 'Development payout provider',
      banner:
        'Development payout provider: a stand-in for PayPal and banks. No money moves here: what it pays is test money.',
      css: 'table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}form.inline{display:inline}',
      width: '52rem',
      body,
    })

  app.get('/dev-payout', async (_req, reply) => {
    const rows = await db.query<DevPayout>(
      'SELECT ref, payout_id, amount_cents, method, destination, status, reason, created_at FROM dev_payouts ORDER BY created_at DESC, ref LIMIT 200',
    )
    const list = rows
      .map(
        (p) =>
          `<tr data-payout="${p.payout_id}"><td>${p.payout_id}</td><td>${dollars(p.amount_cents)}</td><td>${esc(p.method)}</td><td>${esc(p.destination)}</td><td data-status="${p.status}">${p.status}${p.reason ? ` (${esc(p.reason)})` : ''}</td><td>${
            p.status === 'failed'
              ? ''
              : `<form class="inline" method="post" action="/dev-payout/payouts/${encodeURIComponent(p.ref)}/fail"><button type="submit">Mark failed</button></form>`
          }</td></tr>`,
      )
      .join('\n')
    return page(
      reply,
      200,
      'Payouts',
      `<h1>Payouts</h1>
<p>Every payout this server sent here. Each is reported paid ${constants.payouts.devProviderDelaySeconds} seconds after it was sent; marking one failed reports it returned (the money goes back to the member's balance).</p>
${
  rows.length
    ? `<table><thead><tr><th>Payout</th><th>Amount</th><th>Method</th><th>To</th><th>Status</th><th></th></tr></thead><tbody>
${list}
</tbody></table>`
    : '<p>No payouts yet.</p>'
}`,
    )
  })

  app.post<{ Params: { ref: string } }>('/dev-payout/payouts/:ref/fail', async (req, reply) => {
    const p = await db.one<{ ref: string }>(
      `UPDATE dev_payouts SET status = 'failed', reason = 'Returned by the development payout provider'
       WHERE ref = $1 AND status <> 'failed' RETURNING ref`,
      [req.params.ref],
    )
    if (!p) {
      const known = await db.one('SELECT 1 FROM dev_payouts WHERE ref = $1', [req.params.ref])
      if (!known)
        return page(reply, 404, 'Not found', '<h1>Not found</h1><p>There is no such payout here.</p>')
    } else {
      await enqueue(db, 'dev_payout_report', {
        key: `dev_payout_report:${p.ref}:failed`,
        payload: { ref: p.ref },
      })
    }
    return reply.code(303).header('Location', '/dev-payout').send()
  })
}

/** Without the development provider its pages are absent (404), under the same URLs. */
export function devPayoutAbsent(app: FastifyInstance) {
  absentPages(app, [
    ['GET', '/dev-payout'],
    ['POST', '/dev-payout/payouts/:ref/fail'],
  ])
}
