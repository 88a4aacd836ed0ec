import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { jwtVerify, SignJWT } from 'jose'
import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import { announce, follow } from './changes.ts'
import { parseCookies, TtlCache } from './http.ts'
import { type Sums, sumsOf } from './ledger.ts'

export interface UserRow {
  id: number
  email: string
  name: string
  phone: string | null
  password_hash: string | null
  is_verified: boolean
  /** A new address waiting for its link (issue 25); the email column signs in until then. */
  pending_email?: string | null
  created_at: Date | string
  partner: string
  sid: string
  cid: string
  webpartner_id: number | null
  country_code: string
  coin_onboarding: number
  subscribed: boolean
  plus_active: boolean
  shipping_active: boolean
  tokens_valid_after: Date | string
  /** Locked by staff (issue 28): no sign-in, and no token of theirs works while it is set. */
  locked_at?: Date | string | null
  terms: Record<string, boolean>
  settings: Record<string, unknown>
  /** Not columns: the payable sums over the member's ledger rows (lib/ledger.ts), read with the row. */
  cash_balance_cents: number
  coin_balance: number
  referral_code: string
  referred_by: number | null
  rebate_address: Record<string, string> | null
}

export interface SessionUser {
  row: UserRow
  jti: string
  iat: number
  exp: number
  token: string
}

const LIFE_DAYS = constants.loginLifeDays

/** Signs and checks login tokens (HS256 JWT with iat, jti, 365 days) and revokes them. */
export class Sessions {
  private key!: Uint8Array
  private tokens = new TtlCache<{ sub: number; jti: string; iat: number; exp: number; ms: number }>(
    60_000,
    20_000,
  )
  private users = new TtlCache<UserRow>(5_000, 20_000)
  private sumsCache = new TtlCache<Sums>(5_000, 20_000)
  private revoked = new TtlCache<boolean>(5_000, 50_000)
  /** How many drops this process has made: a read begun before a drop does not keep its copy. */
  private drops = 0
  private unfollow: (() => Promise<void>) | undefined

  constructor(
    private db: Db,
    private cookieNames: string[],
  ) {}

  async init(envSecret: string | undefined) {
    let secret = envSecret
    if (!secret) {
      await this.db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
        'jwt_secret',
        randomBytes(48).toString('base64url'),
      ])
      secret = (await this.db.one<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
        'jwt_secret',
      ]))!.value
    }
    if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters')
    this.key = new TextEncoder().encode(secret)
    // a sign-out served by another server on the database (issue 29, lib/changes.ts): drop what this
    // one keeps of it now, not when its few seconds of cache run out
    this.unfollow = await follow(this.db, 'sessions', (payload) => {
      const [kind, id = ''] = payload.split(':')
      if (kind === 'jti') this.revoked.set(id, true)
      else if (kind === 'user') this.drop(Number(id))
    })
  }

  /** Stops following the other servers' sign-outs (the server closes). */
  async close() {
    await this.unfollow?.()
    this.unfollow = undefined
  }

  async issue(userId: number): Promise<{ token: string; expires: string }> {
    const now = Math.floor(Date.now() / 1000)
    const exp = now + LIFE_DAYS * 86400
    // `ms` is the exact issue time: revokeAll compares it with tokens_valid_after (iat has seconds only).
    const token = await new SignJWT({ ms: Date.now() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key)
    return { token, expires: new Date(exp * 1000).toISOString() }
  }

  tokenFrom(req: FastifyRequest, allowCookie: boolean): string | undefined {
    const h = req.headers.authorization
    if (h?.startsWith('Bearer ')) return h.slice(7).trim()
    if (allowCookie) {
      const c = parseCookies(req.headers.cookie)
      for (const n of this.cookieNames) if (c[n]) return c[n]
    }
    return undefined
  }

  async fromRequest(
    req: FastifyRequest,
    allowCookie = false,
    fresh = false,
  ): Promise<SessionUser | undefined> {
    const token = this.tokenFrom(req, allowCookie)
    return token ? this.check(token, fresh) : undefined
  }

  /** The user of a valid, unrevoked token. Cached for seconds per process; `fresh` reads the database. */
  async check(token: string, fresh = false): Promise<SessionUser | undefined> {
    if (token.length > 2000 || token.split('.').length !== 3) return undefined
    let claims = fresh ? undefined : this.tokens.get(token)
    if (!claims) {
      try {
        const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] })
        const sub = Number(payload.sub)
        // user ids are PostgreSQL integers: a sub out of that range is no user (not a database error)
        if (!Number.isInteger(sub) || sub < 1 || sub > 2_147_483_647) return undefined
        if (!payload.jti || !payload.iat || !payload.exp) return undefined
        claims = {
          sub,
          jti: payload.jti,
          iat: payload.iat,
          exp: payload.exp,
          ms: Number(payload.ms ?? payload.iat * 1000),
        }
        this.tokens.set(token, claims, Math.min(60_000, payload.exp * 1000 - Date.now()))
      } catch {
        return undefined
      }
    }
    if (claims.exp * 1000 < Date.now()) return undefined
    let revoked = fresh ? undefined : this.revoked.get(claims.jti)
    if (revoked === undefined) {
      revoked = !!(await this.db.one('SELECT 1 FROM revoked_tokens WHERE jti = $1', [claims.jti]))
      this.revoked.set(claims.jti, revoked)
    }
    if (revoked) return undefined
    const row = await this.user(claims.sub, fresh)
    if (!row) return undefined
    if (claims.ms < new Date(row.tokens_valid_after).getTime()) return undefined
    if (row.locked_at) return undefined
    return { row, jti: claims.jti, iat: claims.iat, exp: claims.exp, token }
  }

  /** A member's row, with the payable balances summed over the ledger (cached like `sums`). */
  async user(id: number, fresh = false): Promise<UserRow | undefined> {
    const hit = fresh ? undefined : this.users.get(String(id))
    if (hit) return hit
    const gen = this.drops
    const row = await this.db.one<UserRow>('SELECT * FROM users WHERE id = $1', [id])
    if (!row) return undefined
    const sums = await this.sums(id, fresh)
    const full = { ...row, cash_balance_cents: sums.cash_payable, coin_balance: sums.coin_payable }
    // a drop (of anyone: one counter, no map to bound) while this read ran: the copy may predate the
    // change, so it is served, not kept
    if (gen === this.drops) this.users.set(String(id), full)
    return full
  }

  /**
   * A member's ledger sums (lib/ledger.ts), cached for seconds like the user row: this process drops
   * them at once on `forget` (every route that books or moves a row calls it), others within 5 s.
   * A withdrawal never reads them: it sums the rows again under the member's lock.
   */
  async sums(id: number, fresh = false): Promise<Sums> {
    const hit = fresh ? undefined : this.sumsCache.get(String(id))
    if (hit) return hit
    const gen = this.drops
    const sums = await sumsOf(this.db, id)
    if (gen === this.drops) this.sumsCache.set(String(id), sums)
    return sums
  }

  /**
   * Call after any change to a user row or their ledger rows (committed): this process stops serving
   * the cached copy at once, and every other server on the database as soon as the announcement
   * reaches it (lib/changes.ts: NOTIFY on PostgreSQL), not when its few seconds run out.
   */
  forget(userId: number) {
    this.drop(userId)
    if (this.db.kind === 'postgres')
      announce(this.db, 'sessions', `user:${userId}`).catch(() => {
        // the database is gone (closing): the copies elsewhere still end with their few seconds
      })
  }

  /** Drops this process's copies of a member (a change here, or one announced by another server). */
  private drop(userId: number) {
    this.users.delete(String(userId))
    this.sumsCache.delete(String(userId))
    this.drops++
  }

  /** Runs `change` (it books or moves the member's rows, or changes their row) in one transaction, then forgets the cached copy. */
  async changing<T>(userId: number, change: (tx: Db) => Promise<T>): Promise<T> {
    const out = await this.db.transaction(change)
    this.forget(userId)
    return out
  }

  async revoke(s: SessionUser) {
    await this.db.query(
      'INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [s.jti, new Date(s.exp * 1000).toISOString()],
    )
    this.revoked.set(s.jti, true)
    this.tokens.delete(s.token)
    await announce(this.db, 'sessions', `jti:${s.jti}`)
  }

  /** Signs out every session of a user (password reset, merge). */
  async revokeAll(userId: number) {
    await this.db.query('UPDATE users SET tokens_valid_after = $2 WHERE id = $1', [
      userId,
      new Date().toISOString(),
    ])
    this.forget(userId)
    await announce(this.db, 'sessions', `user:${userId}`)
  }
}
