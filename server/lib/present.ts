import type { UserRow } from './session.ts'

export const isoOf = (v: unknown): string =>
  v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()
export const isoOrNull = (v: unknown): string | null => (v == null ? null : isoOf(v))

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
