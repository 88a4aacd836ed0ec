import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import coinsJson from '../../config/coins.json'
import type { Survey } from '../../plugins/coins/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { type CoinPlatform, type CoinsConfig, coinsConfigSchema } from '../../src/config/schemas/coins.ts'
import type { Db } from '../db/index.ts'
import type { SessionUser } from './session.ts'

/**
 * Coin platforms (config/coins.json): survey and offer partners that report completions by a signed
 * server-to-server postback. A platform is enabled only when its secret is known (the environment
 * variable its `secretEnv` names; the development platform's is generated once and kept in `settings`).
 */
export const coinsConfig: CoinsConfig = coinsConfigSchema.parse(coinsJson)
export type { CoinPlatform }

export interface Platforms {
  list: CoinPlatform[]
  get(id: string): CoinPlatform | undefined
  /** The platform's secret, or undefined when it is off. */
  secret(id: string): string | undefined
  enabled(id: string): boolean
  /** The development platform's id when it runs on this server, else undefined. */
  dev: string | undefined
}

/** The secrets named by config/coins.json, read from an environment. */
export function secretsFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {}
  for (const p of coinsConfig.platforms) {
    const v = env[p.secretEnv]
    if (v) out[p.id] = v
  }
  return out
}

export async function loadPlatforms(
  db: Db,
  opts: { secrets: Record<string, string>; devPlatform: boolean },
): Promise<Platforms> {
  const secrets = new Map<string, string>()
  let dev: string | undefined
  for (const p of coinsConfig.platforms) {
    if (p.development) {
      if (!opts.devPlatform) continue
      dev = p.id
      let secret = opts.secrets[p.id]
      if (!secret) {
        // kept like the JWT secret: generated once, the same for every process on this database
        const key = `coins_secret_${p.id}`
        await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
          key,
          randomBytes(32).toString('base64url'),
        ])
        secret = (await db.one<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]))!.value
      }
      secrets.set(p.id, secret)
    } else if (opts.secrets[p.id]) secrets.set(p.id, opts.secrets[p.id] as string)
  }
  const byId = new Map(coinsConfig.platforms.map((p) => [p.id, p]))
  return {
    list: coinsConfig.platforms,
    get: (id) => byId.get(id),
    secret: (id) => secrets.get(id),
    enabled: (id) => secrets.has(id),
    dev,
  }
}

/**
 * The canonical string a postback is signed over (server/README.md "Canonical string"): every parameter
 * except the signature, name and value each URL-encoded as encodeURIComponent does (UTF-8, upper-case
 * hex), sorted by the encoded name (code-unit order), each as `name=value`, joined by `&`. Encoding
 * makes it unambiguous: `a=1%26b%3D2` (one parameter) is not `a=1&b=2` (two).
 */
export function canonical(params: Record<string, string>, signatureName: string): string {
  return Object.keys(params)
    .filter((k) => k !== signatureName)
    .map((k) => [encodeURIComponent(k), encodeURIComponent(params[k] as string)] as const)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
}

/** Hex HMAC-SHA256 of the canonical string under the platform's secret. */
export function sign(params: Record<string, string>, signatureName: string, secret: string): string {
  return createHmac('sha256', secret).update(canonical(params, signatureName)).digest('hex')
}

/** Constant-time check of a hex signature. */
export function signatureOk(
  params: Record<string, string>,
  signatureName: string,
  secret: string,
  given: string | undefined,
): boolean {
  if (!given || !/^[0-9a-fA-F]{64}$/.test(given)) return false
  const want = Buffer.from(sign(params, signatureName, secret), 'hex')
  const got = Buffer.from(given.toLowerCase(), 'hex')
  return got.length === want.length && timingSafeEqual(got, want)
}

/** A new attempt id: url-safe, 128 random bits (the subid a platform echoes back). */
export const newAttemptId = () => randomBytes(16).toString('base64url')

/** Where the member goes to take a survey or offer on a platform. */
export function clickUrlFor(
  p: CoinPlatform,
  attemptId: string,
  kind: 'survey' | 'offer',
  fallback: string,
): string {
  if (p.development) return `/dev-platform/${kind}/${attemptId}`
  if (p.clickUrl) return p.clickUrl.replaceAll('{attempt}', encodeURIComponent(attemptId))
  const sep = fallback.includes('?') ? '&' : '?'
  return `${fallback}${sep}${p.params.attempt}=${encodeURIComponent(attemptId)}`
}

export interface SurveyRow {
  id: number
  platform: string
  title: string
  coins_advertised: number
  minutes: number
  screen_out_percent: number
  is_onboarding: boolean
  click_url: string
  needs_phone: boolean
  targeting: Record<string, string[]>
  active: boolean
  /** finished attempts of every member (completed, screened out) */
  n_completed: number
  n_screened: number
  /** the member finished it, or was paid for it (coin_payments) */
  done: boolean
}

/** Surveys with their attempt history; `done` for the given member. */
export function surveysSql(where: string) {
  return `SELECT s.id, s.platform, s.title, s.coins_advertised, s.minutes, s.screen_out_percent, s.is_onboarding,
    s.click_url, s.needs_phone, s.targeting, s.active,
    COALESCE(h.n_completed, 0)::int AS n_completed, COALESCE(h.n_screened, 0)::int AS n_screened,
    (EXISTS (SELECT 1 FROM coin_attempts a WHERE a.survey_id = s.id AND a.user_id = $1
            AND a.status IN ('completed', 'screened_out', 'reversed'))
     OR EXISTS (SELECT 1 FROM coin_payments cp WHERE cp.user_id = $1 AND cp.item_kind = 'survey'
            AND cp.item_id = s.id)) AS done
  FROM surveys s
  LEFT JOIN (SELECT survey_id, count(*) FILTER (WHERE status IN ('completed', 'reversed')) AS n_completed,
               count(*) FILTER (WHERE status = 'screened_out') AS n_screened
             FROM coin_attempts WHERE survey_id IS NOT NULL GROUP BY survey_id) h ON h.survey_id = s.id
  ${where}`
}

/** A survey row as the API shows it (contract Survey), for a member (coin_onboarding) or a visitor. */
export function toSurvey(r: SurveyRow, user: SessionUser | undefined): Survey {
  const onboarded = !!user?.row.coin_onboarding
  const finished = r.n_completed + r.n_screened
  const fromHistory = finished >= constants.coins.screenOutMinAttempts
  return {
    id: r.id,
    platform: r.platform,
    title: r.title,
    coins_advertised: r.coins_advertised,
    survey_estimated_time_in_mins: r.minutes,
    coins_per_minute: Math.round((r.coins_advertised / Math.max(1, r.minutes)) * 10) / 10,
    screen_out_percent: fromHistory ? Math.round((100 * r.n_screened) / finished) : r.screen_out_percent,
    screen_out_from_history: fromHistory,
    locked: !r.is_onboarding && !onboarded,
    is_onboarding: r.is_onboarding,
    needs_phone: r.needs_phone,
    has_targeting: Object.keys(r.targeting ?? {}).length > 0,
    done: r.done || (r.is_onboarding && onboarded),
  }
}

export type SurveyNeed =
  | 'verify'
  | 'onboarding'
  | 'done'
  | 'unavailable'
  | 'phone'
  | 'targeting'
  | 'not_qualified'

/**
 * What stands between a member and a survey, first thing first (null: they may start it). The start
 * route refuses with it; the precheck (coins-profile) can show it.
 */
export async function surveyNeed(
  db: Db,
  platforms: Platforms,
  user: SessionUser,
  r: SurveyRow,
): Promise<SurveyNeed | null> {
  if (!user.row.is_verified) return 'verify'
  if (!r.is_onboarding && !user.row.coin_onboarding) return 'onboarding'
  if (r.done || (r.is_onboarding && user.row.coin_onboarding)) return 'done'
  if (!platforms.enabled(r.platform)) return 'unavailable'
  if (r.needs_phone) {
    const p = await db.one<{ ok: boolean }>(
      'SELECT phone_verified_at IS NOT NULL AS ok FROM users WHERE id = $1',
      [user.row.id],
    )
    if (!p?.ok) return 'phone'
  }
  const keys = Object.keys(r.targeting ?? {})
  if (keys.length) {
    const answers = await db.query<{ key: string; answer: string }>(
      'SELECT key, answer FROM targeting_answers WHERE user_id = $1 AND key = ANY($2::text[])',
      [user.row.id, keys],
    )
    const got = new Map(answers.map((a) => [a.key, a.answer]))
    if (keys.some((k) => !got.has(k))) return 'targeting'
    if (keys.some((k) => !(r.targeting[k] ?? []).includes(got.get(k) as string))) return 'not_qualified'
  }
  return null
}
