import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** What every outbox keeps of a message: its id (also its file name) and when it was written. */
export interface Stored {
  id: string
  to: string
  created_at: string
}

let seq = 0

/**
 * A folder of messages that stand in for mail or text messages on a machine that sends none: each
 * message one `<timestamp>-<seq>-<rand>.json` file, so the names sort by time.
 */
export function outboxFolder<T extends Stored>(dir: string) {
  mkdirSync(dir, { recursive: true })
  return {
    write(message: Omit<T, 'id' | 'created_at'>): T {
      const now = new Date()
      const id = `${now.toISOString().replace(/[:.]/g, '-')}-${String(++seq % 1e6).padStart(6, '0')}-${randomBytes(3).toString('hex')}`
      const stored = { ...message, id, created_at: now.toISOString() } as T
      writeFileSync(join(dir, `${id}.json`), `${JSON.stringify(stored, null, 2)}\n`)
      return stored
    },
    read: (to?: string, limit = 100) => readOutbox<T>(dir, to, limit),
  }
}

/** Reads an outbox folder: newest first, optionally only the messages to one address or number. */
export function readOutbox<T extends Stored>(dir: string, to?: string, limit = 100): T[] {
  let names: string[]
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.json'))
  } catch {
    return []
  }
  names.sort().reverse()
  const out: T[] = []
  for (const f of names) {
    if (out.length >= limit) break
    try {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as T
      if (!to || m.to.toLowerCase() === to.toLowerCase()) out.push(m)
    } catch {
      // a half-written or foreign file: skip it
    }
  }
  return out
}
