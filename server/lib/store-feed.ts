import { join } from 'node:path'
import { z } from 'zod'
import type { Network } from '../../src/config/schemas/networks.ts'
import type { Db } from '../db/index.ts'
import { announce } from './changes.ts'
import { parseCsv } from './csv.ts'
import { networksConfig } from './networks.ts'
import { slugify } from './rand.ts'
import columnsJson from './store-feed-columns.json'

/**
 * Stores from program feeds (issue 26): the ONE way store rows come in. A network's feed
 * (config/networks.json `feed`: CSV or JSON, its column names) lists its programs; each row is checked
 * on its own (a bad row is reported with its line and reason, the rest is imported) and upserted by
 * (network, program id), so a store keeps its id and page address. A changed rate is a
 * store_rate_changes row; previous_rate_value becomes the rate it replaced and best_rate_value the
 * highest seen. A store the feed no longer lists is kept (clicks, conversions and history point at
 * it): the report names it, and its feed_seen_at stays at the last import that listed it.
 */

/** The development network's sample feed: the seeded stores (server/seed/stores.ts loads it through importFeed). */
export const SAMPLE_FEED = join(import.meta.dirname, '..', 'seed', 'feeds', 'devnet-programs.json')
/** The network the sample feed is of: the development network (config/networks.json). */
export const SAMPLE_NETWORK = 'devnet'

type Feed = NonNullable<Network['feed']>
type Field = keyof Feed['columns']

/** The feed as a whole cannot be read (not the format its network says, a mapped column missing). */
export class FeedError extends Error {}

export interface RefusedRow {
  /** The line of the file the row starts on (the row's position when rows are given as objects). */
  line: number
  program?: string
  reason: string
}

export interface FeedReport {
  network: string
  rows: number
  created: number
  updated: number
  unchanged: number
  /** Stores whose rate changed (each a store_rate_changes row). */
  rateChanges: number
  refused: RefusedRow[]
  /** Program ids of this network's stores the feed does not list: kept as they are. */
  missing: string[]
  /** The store id of each imported program, in the feed's order. */
  stores: { program: string; id: number }[]
}

/** A tile colour for a feed without one. */
const DEFAULT_COLOR = '#4b5563'

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
const trimmed = (v: unknown) => (blank(v) ? undefined : typeof v === 'string' ? v.trim() : v)

const text = (what: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : trimmed(v)),
    z
      .string({ error: (i) => (i.input === undefined ? 'is empty' : `is not ${what}`) })
      .max(max, `is longer than ${max} characters`),
  )
const optional = <T extends z.ZodType>(t: T) => z.preprocess((v) => (blank(v) ? undefined : v), t.optional())

const httpUrl = (v: string) => {
  try {
    const u = new URL(v)
    return u.protocol === 'https:' || u.protocol === 'http:'
  } catch {
    return false
  }
}
const sitePath = (v: string) => v.startsWith('/') && !v.startsWith('//')

/** A list: a JSON array, or | separated text (CSV); `empty` is the message when it must not be empty. */
const list = (item: z.ZodType<string>, empty?: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split('|')
            .map((x) => x.trim())
            .filter(Boolean)
        : Array.isArray(v)
          ? v.map((x) => (typeof x === 'string' ? x.trim() : x))
          : v,
    z
      .array(item, { error: (i) => (i.input === undefined ? 'is empty' : 'is not a list') })
      .min(empty ? 1 : 0, empty),
  )

const wholeNumber = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : trimmed(v)),
    z
      .number({ error: (i) => (i.input === undefined ? 'is empty' : `is not a whole number (${what})`) })
      .int(`is not a whole number (${what})`),
  )

/** A rate as the feed writes it, in units (basis points of a percent, or cents when flat). */
function rateOf(rates: Feed['rates']) {
  if (rates === 'units')
    return wholeNumber('units: 250 = 2.5%, 500 = $5').pipe(z.number().min(0, 'is below 0'))
  return z.preprocess(
    (v) => {
      if (typeof v === 'number') return Math.round(v * 100)
      if (typeof v !== 'string' || v.trim() === '') return trimmed(v)
      const n = Number(v.replace(/[%$,\s]/g, ''))
      return Number.isFinite(n) && /\d/.test(v) ? Math.round(n * 100) : v
    },
    z
      .number({
        error: (i) => (i.input === undefined ? 'is empty' : 'is not a number (2.5 for 2.5%, 5.00 for $5)'),
      })
      .min(0, 'is below 0'),
  )
}

function rowSchema(feed: Feed, development: boolean) {
  const rate = rateOf(feed.rates)
  const link = (what: string) =>
    text('a link', 2000).refine((v) => httpUrl(v) || (development && sitePath(v)), {
      message: development
        ? `is not an http(s) link or a path on this site (${what})`
        : `is not an absolute http(s) link (${what}; only the development network's links are paths on this server)`,
    })
  return z
    .object({
      program: text('a program id', 100),
      slug: optional(text('a name', 120).refine((v) => slugify(v) !== '', 'has no letter or digit')),
      name: text('a name', 120),
      domain: text('a domain', 253)
        .transform((v) => (/^https?:\/\//i.test(v) && httpUrl(v) ? new URL(v).hostname : v.toLowerCase()))
        .refine((v) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(v), {
          message: 'is not a domain (example.com)',
        }),
      url: optional(text('a link', 2000).refine(httpUrl, 'is not an absolute http(s) link')),
      logo: text('a link', 2000).refine(
        (v) => httpUrl(v) || sitePath(v),
        'is not an http(s) link or a path on this site',
      ),
      category: text('a category', 120),
      benefitCategory: optional(
        text('a category', 40).refine((v) => /^[a-z0-9-]{1,40}$/.test(v), 'is not a category slug'),
      ),
      countries: list(
        z
          .string({ error: 'is not a list of country codes' })
          .transform((c) => c.toUpperCase())
          .refine((c) => /^[A-Z]{2}$/.test(c), {
            message: 'holds something that is not a two-letter country code',
          }),
        'lists no country',
      ),
      rateType: text('a rate type', 20).transform((v, ctx) => {
        const t = v.toLowerCase()
        if (['percent', 'percentage', '%'].includes(t)) return 'percent' as const
        if (['flat', 'fixed', 'amount', '$'].includes(t)) return 'flat' as const
        ctx.addIssue({ code: 'custom', message: `is '${v}': percent or flat` })
        return z.NEVER
      }),
      rate,
      plusRate: optional(rate),
      previousRate: optional(rate),
      description: optional(text('text', 5000)),
      descriptionEs: optional(text('text', 5000)),
      terms: text('text', 5000),
      termsEs: optional(text('text', 5000)),
      trackingUrl: link('the tracking link'),
      confirmationDays: optional(
        wholeNumber('days').pipe(z.number().min(1, 'is below 1').max(365, 'is above 365')),
      ),
      color: optional(
        text('a colour', 7).refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), 'is not a colour (#rrggbb)'),
      ),
      flags: optional(
        list(
          z.string({ error: 'is not a list of flags' }).refine((f) => /^[a-z0-9_-]{1,30}$/.test(f), {
            message: 'holds a flag that is not a lower-case word',
          }),
        ),
      ),
      plusOnly: optional(
        z.preprocess(
          (v) => {
            if (typeof v !== 'string') return v
            const t = v.trim().toLowerCase()
            return ['true', '1', 'yes', 'y'].includes(t)
              ? true
              : ['false', '0', 'no', 'n'].includes(t)
                ? false
                : v
          },
          z.boolean({ error: 'is not true or false' }),
        ),
      ),
      popularity: optional(wholeNumber('a score').pipe(z.number().min(0, 'is below 0'))),
    })
    .superRefine((r, ctx) => {
      for (const k of ['rate', 'plusRate', 'previousRate'] as const) {
        const v = r[k]
        if (r.rateType === 'percent' && v !== undefined && v > 10_000)
          ctx.addIssue({ code: 'custom', path: [k], message: 'is above 100%' })
      }
      if (r.plusRate !== undefined && r.rate !== undefined && r.plusRate < r.rate)
        ctx.addIssue({
          code: 'custom',
          path: ['plusRate'],
          message: 'is below the rate (the Plus rate is what Plus members earn instead)',
        })
    })
}

type Parsed = z.infer<ReturnType<typeof rowSchema>>

// one schema per feed config (building one, and its first parse, cost more than checking a feed's rows)
const schemas = new WeakMap<Feed, Map<boolean, ReturnType<typeof rowSchema>>>()
function rowSchemaOf(feed: Feed, development: boolean) {
  const byDev = schemas.get(feed) ?? new Map<boolean, ReturnType<typeof rowSchema>>()
  schemas.set(feed, byDev)
  const schema = byDev.get(development) ?? rowSchema(feed, development)
  byDev.set(development, schema)
  return schema
}

/** The line each element of a top-level JSON array starts on. */
function elementLines(textIn: string): number[] {
  const lines: number[] = []
  let line = 1
  let depth = 0
  let inString = false
  for (let i = 0; i < textIn.length; i++) {
    const c = textIn[i]
    if (c === '\n') line++
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
      continue
    }
    if (depth === 1 && c !== undefined && !/[\s,\]]/.test(c)) {
      lines.push(line)
      // skip to the end of this element
      if (c === '"') inString = true
      else if (c === '{' || c === '[') depth++
      else while (i + 1 < textIn.length && !/[\s,\]]/.test(textIn[i + 1] as string)) i++
      continue
    }
    if (c === '"') inString = true
    else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') depth--
  }
  return lines
}

interface RawRow {
  line: number
  values: Record<string, unknown>
}

/** The rows of a feed file, each as its cells by column name, with its line. */
export function readFeed(feed: Feed, input: string | readonly unknown[]): RawRow[] {
  if (typeof input !== 'string')
    return input.map((v, i) => ({ line: i + 1, values: v as Record<string, unknown> }))
  let raws: RawRow[]
  if (feed.format === 'csv') {
    const [head, ...records] = parseCsv(input)
    if (!head) throw new FeedError('The feed is empty: a CSV feed starts with a header line.')
    const names = head.cells.map((c) => c.trim())
    raws = records.map((r) => ({
      line: r.line,
      values: Object.fromEntries(names.map((n, i) => [n, r.cells[i] ?? ''])),
    }))
    for (const [field, column] of Object.entries(feed.columns))
      if (!names.includes(column))
        throw new FeedError(
          `The feed has no column '${column}' (columns.${field} of the network's feed in config/networks.json). Its columns: ${names.join(', ')}.`,
        )
  } else {
    let json: unknown
    try {
      json = JSON.parse(input)
    } catch (e) {
      throw new FeedError(`The feed is not valid JSON (${(e as Error).message}).`)
    }
    if (!Array.isArray(json)) throw new FeedError('The feed is not a JSON array of programs.')
    const lines = elementLines(input)
    raws = json.map((v, i) => ({ line: lines[i] ?? i + 1, values: v as Record<string, unknown> }))
  }
  return raws
}

/** The stores columns each feed field fills (store-feed-columns.json). */
const columnOf: Record<Field, string> = columnsJson

/** A store row (stores columns) from a checked feed row. */
function storeRow(p: Parsed, category: string) {
  return {
    program_id: p.program,
    name: p.name,
    domain: p.domain,
    redirect_url: p.url ?? `https://${p.domain}/`,
    logo: p.logo,
    category_slug: category,
    benefit_category: p.benefitCategory ?? null,
    countries: p.countries,
    rate_type: p.rateType,
    rate_value: p.rate,
    plus_rate_value: p.plusRate ?? null,
    previous_rate_value: p.previousRate ?? null,
    description_en: p.description ?? '',
    description_es: p.descriptionEs ?? p.description ?? '',
    terms_en: p.terms,
    terms_es: p.termsEs ?? p.terms,
    tracking_url: p.trackingUrl,
    confirmation_days: p.confirmationDays ?? null,
    color: p.color ?? DEFAULT_COLOR,
    flags: p.flags ?? [],
    plus_only: p.plusOnly ?? false,
    popularity: p.popularity ?? 0,
  }
}
type StoreRow = ReturnType<typeof storeRow>

/**
 * Imports a network's program feed: `input` is the file's text (parsed by the network's feed format)
 * or rows already parsed from JSON. Refused rows are reported, not fatal; a feed that cannot be read as
 * a whole throws FeedError.
 */
export async function importFeed(
  db: Db,
  network: string | Network,
  input: string | readonly unknown[],
): Promise<FeedReport> {
  const net = typeof network === 'string' ? networksConfig.networks.find((n) => n.id === network) : network
  if (!net) throw new FeedError(`There is no network '${network as string}' in config/networks.json.`)
  const feed = net.feed
  if (!feed)
    throw new FeedError(`The network '${net.id}' has no program feed in config/networks.json (its "feed").`)
  const cols = feed.columns as Partial<Record<Field, string>>
  const columnName = (field: string) => cols[field as Field] ?? field

  const raws = readFeed(feed, input)
  const known = new Set(
    (await db.query<{ slug: string }>("SELECT slug FROM categories WHERE kind = 'store'")).map((r) => r.slug),
  )
  const schema = rowSchemaOf(feed, net.development)
  const refused: RefusedRow[] = []
  const good: { line: number; row: StoreRow; slug: string; absent: string[] }[] = []
  const firstLine = new Map<string, number>()
  const listed = new Set<string>()
  for (const raw of raws) {
    if (!raw.values || typeof raw.values !== 'object' || Array.isArray(raw.values)) {
      refused.push({ line: raw.line, reason: 'is not an object of columns' })
      continue
    }
    const values = Object.fromEntries(
      Object.entries(cols).map(([field, column]) => [field, raw.values[column as string]]),
    )
    const programCell = trimmed(values.program)
    const program = programCell === undefined ? undefined : String(programCell)
    if (program !== undefined) listed.add(program)
    const at = { line: raw.line, ...(program !== undefined ? { program } : {}) }
    const r = schema.safeParse(values)
    if (!r.success) {
      refused.push({
        ...at,
        reason: r.error.issues.map((i) => `${columnName(String(i.path[0] ?? ''))}: ${i.message}`).join('; '),
      })
      continue
    }
    const p = r.data
    const category = known.has(p.category) ? p.category : feed.categoryMap?.[p.category]
    if (!category || !known.has(category)) {
      refused.push({
        ...at,
        reason: `${columnName('category')}: '${p.category}' is not a store category${feed.categoryMap ? ' and not in the categoryMap of this network' : ''}`,
      })
      continue
    }
    const seen = firstLine.get(p.program)
    if (seen !== undefined) {
      refused.push({
        ...at,
        reason: `${columnName('program')}: '${p.program}' is listed twice (first on line ${seen}); this row is left out`,
      })
      continue
    }
    firstLine.set(p.program, raw.line)
    // A column a row does not have at all (a key a JSON row leaves out) keeps the store's value.
    const absent = (Object.entries(cols) as [Field, string][])
      .filter(([, column]) => !(column in raw.values))
      .map(([field]) => columnOf[field])
    if (absent.includes('description_en') && !(cols.descriptionEs && cols.descriptionEs in raw.values))
      absent.push('description_es')
    good.push({
      line: raw.line,
      row: storeRow(p, category),
      // a name without a letter or digit in Latin script: the network and program
      slug: slugify(p.slug ?? p.name) || slugify(`${net.id}-${p.program}`),
      absent,
    })
  }

  // The columns the feed maps are its to change; a column it leaves out stays as it is.
  const owned = new Set<string>()
  for (const f of Object.keys(cols) as Field[]) owned.add(columnOf[f])
  owned.delete('program_id')
  owned.delete('internal_name')
  owned.delete('previous_rate_value')
  if (cols.description) owned.add('description_es')
  owned.add('terms_es')
  const compared = [...owned].filter((c) => c !== 'rate_type' && c !== 'rate_value')

  const report = await db.transaction(async (tx) => {
    // one import of a network at a time (two at once would both create its new stores)
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`store-feed:${net.id}`])
    const existing = new Map(
      (
        await tx.query<Record<string, unknown> & { id: number; program_id: string }>(
          `SELECT id, program_id, rate_type, rate_value, ${compared.join(', ')} FROM stores WHERE network = $1 FOR UPDATE`,
          [net.id],
        )
      ).map((r) => [r.program_id, r]),
    )
    const fresh: (StoreRow & { internal_name: string })[] = []
    const changed: StoreRow[] = []
    let unchanged = 0
    const rateChanged: string[] = []
    for (const { row, absent } of good) {
      const old = existing.get(row.program_id)
      if (!old) continue
      for (const c of absent) if (c in old) (row as Record<string, unknown>)[c] = old[c]
      const rateMoved = old.rate_type !== row.rate_type || old.rate_value !== row.rate_value
      const moved =
        rateMoved ||
        compared.some(
          (c) =>
            JSON.stringify(old[c] ?? null) !== JSON.stringify((row as Record<string, unknown>)[c] ?? null),
        )
      if (rateMoved) rateChanged.push(row.program_id)
      if (moved) changed.push(row)
      else unchanged++
    }

    // A new store's page address: its slug, else with the network's name, else with the program's too.
    const newOnes = good.filter((g) => !existing.has(g.row.program_id))
    if (newOnes.length) {
      const candidates = newOnes.flatMap((g) => [
        g.slug,
        `${g.slug}-${net.id}`,
        slugify(`${g.slug}-${net.id}-${g.row.program_id}`),
      ])
      const taken = new Set(
        (
          await tx.query<{ internal_name: string }>(
            'SELECT internal_name FROM stores WHERE internal_name = ANY($1::text[])',
            [candidates],
          )
        ).map((r) => r.internal_name),
      )
      for (const g of newOnes) {
        const name = [g.slug, `${g.slug}-${net.id}`, slugify(`${g.slug}-${net.id}-${g.row.program_id}`)].find(
          (n) => !taken.has(n),
        )
        if (!name) {
          refused.push({
            line: g.line,
            program: g.row.program_id,
            reason: `${columnName(cols.slug ? 'slug' : 'name')}: the page address '${g.slug}' and its variants are taken`,
          })
          continue
        }
        taken.add(name)
        fresh.push({ ...g.row, internal_name: name })
      }
    }

    const ids = new Map<string, number>()
    if (fresh.length) {
      const inserted = await tx.query<{ id: number; program_id: string }>(
        `INSERT INTO stores (network, program_id, internal_name, name, domain, redirect_url, logo, category_slug,
           benefit_category, countries, rate_type, rate_value, plus_rate_value, previous_rate_value, best_rate_value,
           description_en, description_es, terms_en, terms_es, tracking_url, confirmation_days, color, flags,
           plus_only, popularity, feed_seen_at)
         SELECT $1, program_id, internal_name, name, domain, redirect_url, logo, category_slug,
           benefit_category, countries, rate_type, rate_value, plus_rate_value, previous_rate_value, rate_value,
           description_en, description_es, terms_en, terms_es, tracking_url, confirmation_days, color, flags,
           plus_only, popularity, now()
         FROM json_populate_recordset(null::stores, $2::json)
         RETURNING id, program_id`,
        [net.id, JSON.stringify(fresh)],
      )
      for (const r of inserted) ids.set(r.program_id, r.id)
    }
    if (changed.length) {
      const sets = compared.map((c) => `${c} = x.${c}`)
      if (owned.has('rate_value'))
        sets.push(
          `previous_rate_value = CASE WHEN s.rate_type <> x.rate_type THEN NULL
             WHEN s.rate_value <> x.rate_value THEN s.rate_value ELSE s.previous_rate_value END`,
          `best_rate_value = CASE WHEN s.rate_type <> x.rate_type THEN x.rate_value
             ELSE greatest(s.best_rate_value, x.rate_value) END`,
          'rate_type = x.rate_type',
          'rate_value = x.rate_value',
        )
      await tx.query(
        `UPDATE stores s SET ${sets.join(', ')}
         FROM json_populate_recordset(null::stores, $2::json) x
         WHERE s.network = $1 AND s.program_id = x.program_id`,
        [net.id, JSON.stringify(changed)],
      )
    }
    for (const [program, old] of existing) ids.set(program, old.id)
    // The rate history: a new store's first rate, and each change.
    const historyIds = [
      ...fresh.map((r) => ids.get(r.program_id)),
      ...rateChanged.map((p) => ids.get(p)),
    ] as number[]
    if (historyIds.length)
      await tx.query(
        `INSERT INTO store_rate_changes (store_id, changed_at, rate_value)
         SELECT id, now(), rate_value FROM stores WHERE id = ANY($1::int[])`,
        [historyIds],
      )
    const imported = good.map((g) => g.row.program_id).filter((p) => ids.has(p))
    // listed again (a new store has it from its insert)
    const again = imported.filter((p) => existing.has(p))
    if (again.length)
      await tx.query(
        'UPDATE stores SET feed_seen_at = now() WHERE network = $1 AND program_id = ANY($2::text[])',
        [net.id, again],
      )
    refused.sort((a, b) => a.line - b.line)
    return {
      network: net.id,
      rows: raws.length,
      created: fresh.length,
      updated: changed.length,
      unchanged,
      rateChanges: rateChanged.length,
      refused,
      missing: [...existing.keys()].filter((p) => !listed.has(p)),
      stores: imported.map((program) => ({ program, id: ids.get(program) as number })),
    }
  })
  // every server on this database drops its ready store replies and drawn pages (lib/changes.ts), when
  // the import changed a store (a server's start re-reads the seed feed and usually changes nothing)
  if (report.created || report.updated || report.rateChanges) await announce(db, 'catalog')
  return report
}
