import type { Db } from '../db/index.ts'
import type { UserRow } from './session.ts'

export const isoOf = (v: unknown): string =>
  v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()
export const isoOrNull = (v: unknown): string | null => (v == null ? null : isoOf(v))

/** A row as the API shows it: its `created_at` as an ISO string. */
export const withIsoCreatedAt = <R extends { created_at: unknown }>(r: R) => ({
  ...r,
  created_at: isoOf(r.created_at),
})

/** The `{ data }` reply of the rows `sql` selects, each as `view` shows it. */
export async function dataOf<R, T>(db: Db, sql: string, params: unknown[], view: (r: R) => T) {
  return { data: (await db.query<R>(sql, params)).map(view) }
}

/** The user object of SPEC section 3, as the SPA stores it. */
export function toUser(row: UserRow, token: string, expires: string) {
  const terms = row.terms ?? {}
  return {
    user_id: row.id,
    name: row.name,
    email: row.email,
    partner: row.partner,
    sid: row.sid,
    cid: row.cid,
    is_verified: row.is_verified,
    pending_email: row.pending_email ?? null,
    created_at: isoOf(row.created_at),
    coin_onboarding: row.coin_onboarding,
    subscribed: row.subscribed,
    subs: { plus: row.plus_active, shipping: row.shipping_active },
    plus: { active: row.plus_active },
    shipping: { active: row.shipping_active },
    webpartner_id: row.webpartner_id,
    country_code: row.country_code,
    cash_balance_cents: row.cash_balance_cents,
    coin_balance: row.coin_balance,
    terms: {
      firefox: terms.firefox === true,
      pii: terms.pii === true,
      stats: terms.stats !== false,
      cookies: terms.cookies !== false,
    },
    login_token: token,
    expires,
  }
}

export function paged<T>(data: T[], page: number, perPage: number, total: number) {
  return { data, page, per_page: perPage, total, has_more: page * perPage < total }
}

/** SQL: the row count of the whole list, beside each row of a page (the `total` that `pageOf().reply` reads). */
export const TOTAL_COL = 'count(*) OVER ()::int AS total'

/**
 * The page of a list that `?page=&per_page=` asks for (pages from 1; `perDefault` rows unless asked):
 * `sql` is its LIMIT and OFFSET (numbers the query's schema checked); `reply(rows, view)` the paged reply
 * of rows selected with TOTAL_COL (`view` sees each row without it).
 */
export function pageOf(q: { page?: number; per_page?: number }, perDefault = 20) {
  const page = q.page ?? 1
  const per = q.per_page ?? perDefault
  return {
    page,
    per,
    sql: `LIMIT ${per} OFFSET ${(page - 1) * per}`,
    reply: <R extends { total: number }, T>(rows: R[], view: (r: Omit<R, 'total'>) => T) =>
      paged(
        rows.map(({ total: _, ...r }) => view(r)),
        page,
        per,
        rows[0]?.total ?? 0,
      ),
  }
}

/**
 * The paged reply of the page `q` asks for (`perDefault` rows unless asked) of the rows `sql` selects
 * with TOTAL_COL: pageOf adds its LIMIT and OFFSET; `view` shows each row.
 */
export async function readPage<R, T>(
  db: Db,
  q: { page?: number; per_page?: number },
  sql: string,
  params: unknown[],
  view: (r: R) => T,
  perDefault?: number,
) {
  const page = pageOf(q, perDefault)
  return page.reply(
    await db.query<R & { total: number }>(`${sql} ${page.sql}`, params),
    view as (r: Omit<R & { total: number }, 'total'>) => T,
  )
}
