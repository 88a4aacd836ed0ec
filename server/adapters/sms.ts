import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface Sms {
  /** E.164 number, +15551234567 */
  to: string
  body: string
}

export interface StoredSms extends Sms {
  id: string
  created_at: string
}

/**
 * Sends text messages (phone verification codes). What a real provider implements: `send` (resolve when
 * the provider accepted the message) and `describe` (one line for the startup summary); `list` only for
 * the outbox, read by the test-mode route GET /api/dev/sms.
 */
export interface SmsAdapter {
  send(sms: Sms): Promise<void>
  describe(): string
  list?(to?: string): StoredSms[]
}

let seq = 0

/** The embedded profile's SMS: each message becomes `<dir>/<stamp>.json` and one line of the server log. */
export function outboxSms(dir: string, log: (line: string) => void): SmsAdapter {
  mkdirSync(dir, { recursive: true })
  return {
    async send(m) {
      const now = new Date()
      const id = `${now.toISOString().replace(/[:.]/g, '-')}-${String(++seq % 1e6).padStart(6, '0')}-${randomBytes(3).toString('hex')}`
      const stored: StoredSms = { id, to: m.to, body: m.body, created_at: now.toISOString() }
      writeFileSync(join(dir, `${id}.json`), `${JSON.stringify(stored, null, 2)}\n`)
      log(`sms to ${m.to}: ${m.body}`)
    },
    describe: () => `outbox ${dir} (no text message leaves this machine)`,
    list(to) {
      let names: string[]
      try {
        names = readdirSync(dir).filter((f) => f.endsWith('.json'))
      } catch {
        return []
      }
      names.sort().reverse()
      const out: StoredSms[] = []
      for (const f of names.slice(0, 200)) {
        try {
          const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as StoredSms
          if (!to || m.to === to) out.push(m)
        } catch {
          // a half-written file: skip it
        }
      }
      return out
    },
  }
}
