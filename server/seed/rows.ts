import type { Db } from '../db/index.ts'

/** A day in milliseconds: the seed dates its rows so many days before (or after) the time it runs. */
export const DAY = 86_400_000

/** A time (milliseconds) as the ISO text the seed's JSON rows carry. */
export const iso = (t: number) => new Date(t).toISOString()

/** Inserts many rows in one statement; json_populate_recordset converts to the table's column types. */
export async function bulkInsert(db: Db, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  // Rows with different key sets go in separate statements, so omitted columns keep their defaults.
  const groups = new Map<string, number[]>()
  rows.forEach((r, i) => {
    const k = Object.keys(r).join(',')
    groups.set(k, [...(groups.get(k) ?? []), i])
  })
  const ids: number[] = new Array(rows.length)
  for (const [list, idx] of groups) {
    const out = await db.query<{ id: number }>(
      `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(null::${table}, $1::json) RETURNING id`,
      [JSON.stringify(idx.map((i) => rows[i]))],
    )
    out.forEach((r, j) => {
      ids[idx[j] as number] = r.id
    })
  }
  return ids
}
