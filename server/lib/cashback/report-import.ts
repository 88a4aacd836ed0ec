import type { Services } from '../../services.ts'
import { parseCsv } from '../csv.ts'
import { type FieldNames, type Network, parseConversion } from '../networks.ts'
import { afterApply } from './after-apply.ts'
import { applyConversions, type ConversionInput } from './conversions.ts'

/**
 * A network's commission report file (config/networks.json `report`: CSV with a header line, or a JSON
 * array of objects) through the one path to the ledger, applyConversions, in batches. Importing the same
 * file twice books once (the conversions' keys and the ledger's source references).
 */

export interface ImportResult {
  /** data rows read */
  rows: number
  /** conversions that changed (new, or moved on) */
  changed: number
  /** rows that changed nothing (a repeat, or a state already passed) */
  unchanged: number
  /** conversions parked (unknown click id) */
  parked: number
  /** rows refused (malformed); the first few with their line (CSV) or index (JSON) */
  refused: number
  errors: { row: number; code: string; message: string }[]
}

export const REPORT_BATCH = 5000
const MAX_ERRORS = 20

/** The rows of a report as field getters, with their line (CSV, the header is line 1) or index (JSON). */
function reportRows(n: Network, text: string): { at: number; get: (name: string) => string | undefined }[] {
  const report = n.report
  if (!report) throw new Error(`The network ${n.id} has no report file in config/networks.json.`)
  const c = report.columns
  const needed = [c.orderId, c.status, c.sale]
  if (report.format === 'csv') {
    const [head, ...data] = parseCsv(text)
    if (!head) return []
    const col = new Map(head.cells.map((h, i) => [h.trim(), i]))
    const missing = needed.filter((k) => !col.has(k))
    if (missing.length)
      throw new Error(
        `The report has no column ${missing.map((m) => `"${m}"`).join(', ')} (network ${n.id}).`,
      )
    return data.map((r) => ({
      at: r.line,
      get: (name: string) => {
        const k = col.get(name)
        return k === undefined ? undefined : r.cells[k]
      },
    }))
  }
  const json = JSON.parse(text) as unknown
  const list = Array.isArray(json)
    ? json
    : json && typeof json === 'object'
      ? Object.values(json as Record<string, unknown>).find(Array.isArray)
      : undefined
  if (!list) throw new Error('The report is not a JSON array of rows.')
  return (list as unknown[]).map((r, i) => ({
    at: i,
    get: (name: string) => {
      if (!r || typeof r !== 'object') return undefined
      const v = (r as Record<string, unknown>)[name]
      return typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined
    },
  }))
}

/** Imports a network's report (its text) through applyConversions, `batch` rows per transaction. */
export async function importReport(
  s: Services,
  networkId: string,
  text: string,
  opts: { batch?: number; onError?: (err: unknown) => void } = {},
): Promise<ImportResult> {
  const n = s.networks.get(networkId)
  if (!n) throw new Error(`Unknown network ${networkId} (config/networks.json).`)
  const c = n.report?.columns
  const rows = reportRows(n, text)
  const names: FieldNames = {
    clickId: c!.clickId,
    orderId: c!.orderId,
    sale: c!.sale,
    commission: c!.commission,
    currency: c!.currency,
    status: c!.status,
    eventTime: c!.eventTime,
    program: c!.program,
  }
  const out: ImportResult = { rows: rows.length, changed: 0, unchanged: 0, parked: 0, refused: 0, errors: [] }
  const size = opts.batch ?? REPORT_BATCH
  const now = new Date()
  for (let i = 0; i < rows.length; i += size) {
    const inputs: ConversionInput[] = []
    for (const r of rows.slice(i, i + size)) {
      const p = parseConversion(n, r.get, names, now)
      if (p.ok) inputs.push(p.input)
      else {
        out.refused++
        if (out.errors.length < MAX_ERRORS) out.errors.push({ row: r.at, code: p.code, message: p.message })
      }
    }
    const res = await applyConversions(s.db, inputs, { test: n.development })
    out.changed += inputs.length - res.unchanged
    out.unchanged += res.unchanged
    out.parked += res.parked.length
    await afterApply(
      s,
      res.changes,
      res.parked,
      opts.onError ?? ((err) => console.error('after a report batch:', err)),
    )
  }
  return out
}
