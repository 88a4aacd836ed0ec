import type { Attribution } from './contract'

export type { Attribution }

/** The attribution fields a landing URL may carry (SPEC 3), with the length the API accepts. */
export const attributionFields = ['sid', 'cid', 'partner', 'website', 'url'] as const
type Field = (typeof attributionFields)[number]

const limits: Record<Field, number> = { sid: 100, cid: 100, partner: 100, website: 200, url: 2000 }
// Only characters a campaign id or a link needs; quotes, brackets, spaces and angle brackets go.
const unsafe: Record<Field, RegExp> = {
  sid: /[^A-Za-z0-9_.~-]/g,
  cid: /[^A-Za-z0-9_.~-]/g,
  partner: /[^A-Za-z0-9_.~-]/g,
  website: /[^A-Za-z0-9_.~:/-]/g,
  url: /[^A-Za-z0-9_.~:/?#@!$&*+,;=%-]/g,
}

export interface AttributionDefaults {
  sidSuffix: string
  cid: string
  partner: string
}

/** A value from the query or a cookie, stripped to a safe charset and capped; empty is absent. */
export function clean(field: Field, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const v = value.replace(unsafe[field], '').slice(0, limits[field])
  return v === '' ? undefined : v
}

const pad = (n: number) => String(n).padStart(2, '0')

/** SPEC 3: month, day, year (local date) plus the suffix, e.g. '03092025_organic'. */
export function defaultSid(now: Date, suffix: string): string {
  return `${pad(now.getMonth() + 1)}${pad(now.getDate())}${now.getFullYear()}${suffix}`
}

export function defaultAttribution(now: Date, d: AttributionDefaults): Attribution {
  return {
    sid: defaultSid(now, d.sidSuffix),
    cid: d.cid,
    partner: d.partner,
    website: null,
    url: null,
    origin: now.getTime(),
  }
}

/** The attribution parameters of a landing URL's query, cleaned. */
export function fromQuery(search: string): Partial<Record<Field, string>> {
  const q = new URLSearchParams(search)
  const out: Partial<Record<Field, string>> = {}
  for (const f of attributionFields) {
    const v = clean(f, q.get(f))
    if (v !== undefined) out[f] = v
  }
  return out
}

/** The stored record, or undefined when the cookie is absent or malformed (never throws). */
export function parseStored(raw: string | undefined): Attribution | undefined {
  if (!raw) return undefined
  let j: unknown
  try {
    j = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof j !== 'object' || j === null) return undefined
  const o = j as Record<string, unknown>
  const sid = clean('sid', o.sid)
  const cid = clean('cid', o.cid)
  const partner = clean('partner', o.partner)
  if (!sid || !cid || !partner || typeof o.origin !== 'number' || !Number.isFinite(o.origin)) return undefined
  return {
    sid,
    cid,
    partner,
    website: clean('website', o.website) ?? null,
    url: clean('url', o.url) ?? null,
    origin: o.origin,
  }
}

/**
 * The attribution after a landing:
 * - no attribution parameter in the query: the stored record is kept (a plain revisit), or the
 *   defaults start one;
 * - parameters that say the same as the stored record (a reload of the campaign link): kept, with its
 *   original origin;
 * - new parameters: a fresh record (last click wins), its missing fields from the defaults, never mixed
 *   with the old campaign's values, origin now.
 */
export function land(
  stored: Attribution | undefined,
  query: Partial<Record<Field, string>>,
  now: Date,
  d: AttributionDefaults,
): { record: Attribution; changed: boolean } {
  const hasParams = attributionFields.some((f) => query[f] !== undefined)
  if (!hasParams)
    return stored ? { record: stored, changed: false } : { record: defaultAttribution(now, d), changed: true }
  const base = defaultAttribution(now, d)
  const next: Attribution = {
    sid: query.sid ?? base.sid,
    cid: query.cid ?? base.cid,
    partner: query.partner ?? base.partner,
    website: query.website ?? null,
    url: query.url ?? null,
    origin: base.origin,
  }
  if (stored && attributionFields.every((f) => stored[f] === next[f]))
    return { record: stored, changed: false }
  return { record: next, changed: true }
}
