import type { FastifyInstance } from 'fastify'
import {
  ClaimReply,
  ClaimRequest,
  ClaimsQuery,
  ClaimsReply,
  LinkAccountRequest,
  LinkedAccountParams,
  LinkedAccountsReply,
} from '../../plugins/protection/contract.ts'
import { DEFAULT_LINKED_ACCOUNTS_BASE } from '../../src/config/schemas/app.ts'
import { fail } from '../lib/http.ts'
import { isoOf } from '../lib/present.ts'
import { route } from '../lib/route.ts'
import type { Services } from '../services.ts'

type ClaimRow = {
  id: number
  kind: 'price'
  merchant: string
  amount_cents: number
  reference: string
  status: string
  details: Record<string, unknown>
  created_at: Date
}
const CLAIM_COLS = 'id, kind, merchant, amount_cents, reference, status, details, created_at'
const toClaim = (c: ClaimRow) => ({ ...c, created_at: isoOf(c.created_at) })

type LinkedRow = { id: number; provider: string; account_email: string; status: string; created_at: Date }
const toLinked = (r: LinkedRow) => ({ ...r, created_at: isoOf(r.created_at) })

export async function protectionRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'GET',
    url: '/api/protection/claims',
    tag: 'protection',
    summary: 'Protection claims (shipping, price, hotel, carrental, package), optionally of one kind.',
    auth: 'required',
    query: ClaimsQuery,
    reply: ClaimsReply,
    async handler({ query, user }) {
      const rows = await s.db.query<ClaimRow>(
        `SELECT ${CLAIM_COLS} FROM protection_claims WHERE user_id = $1 AND ($2::text IS NULL OR kind = $2::text)
         ORDER BY created_at DESC, id DESC`,
        [user!.row.id, query.kind ?? null],
      )
      return { data: rows.map(toClaim) }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/protection/claims',
    tag: 'protection',
    summary: 'File a claim; a package claim tracks a shipment by its tracking number.',
    auth: 'required',
    body: ClaimRequest,
    reply: ClaimReply,
    async handler({ reply, body, user }) {
      const c = await s.db.one<ClaimRow>(
        `INSERT INTO protection_claims (user_id, kind, merchant, amount_cents, reference, status, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) RETURNING ${CLAIM_COLS}`,
        [
          user!.row.id,
          body.kind,
          body.merchant,
          body.amount_cents,
          body.reference,
          body.kind === 'package' ? 'tracking' : 'submitted',
          JSON.stringify(body.details ?? {}),
        ],
      )
      reply.code(201)
      return { success: true, data: toClaim(c!) }
    },
  })

  // The linked-accounts service: called "with credentials", so the login cookie is accepted as well.
  route(app, s, {
    method: 'GET',
    url: `${DEFAULT_LINKED_ACCOUNTS_BASE}/accounts`,
    tag: 'protection',
    summary: 'Linked accounts (delivery, rideshare, streaming) of the member; bearer token or login cookie.',
    auth: 'required',
    cookieAuth: true,
    reply: LinkedAccountsReply,
    async handler({ user }) {
      const rows = await s.db.query<LinkedRow>(
        'SELECT id, provider, account_email, status, created_at FROM linked_accounts WHERE user_id = $1 ORDER BY id',
        [user!.row.id],
      )
      return { data: rows.map(toLinked) }
    },
  })

  route(app, s, {
    method: 'POST',
    url: `${DEFAULT_LINKED_ACCOUNTS_BASE}/accounts`,
    tag: 'protection',
    summary: 'Link an account of a provider (one per provider).',
    auth: 'required',
    cookieAuth: true,
    body: LinkAccountRequest,
    async handler({ reply, body, user }) {
      const r = await s.db.one<LinkedRow>(
        `INSERT INTO linked_accounts (user_id, provider, account_email) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, provider) DO UPDATE SET account_email = EXCLUDED.account_email, status = 'connected'
         RETURNING id, provider, account_email, status, created_at`,
        [user!.row.id, body.provider, body.account_email],
      )
      reply.code(201)
      return { success: true, data: toLinked(r!) }
    },
  })

  route(app, s, {
    method: 'DELETE',
    url: `${DEFAULT_LINKED_ACCOUNTS_BASE}/accounts/:id`,
    tag: 'protection',
    summary: 'Unlink an account.',
    auth: 'required',
    cookieAuth: true,
    params: LinkedAccountParams,
    async handler({ params, user }) {
      const r = await s.db.one('DELETE FROM linked_accounts WHERE id = $1 AND user_id = $2 RETURNING id', [
        params.id,
        user!.row.id,
      ])
      if (!r) throw fail(404, 'id', 'Not found')
      return { success: true }
    },
  })
}
