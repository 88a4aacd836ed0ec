import { maskPhone } from '../lib/log-redact.ts'
import { outboxFolder } from './outbox.ts'

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
 * Sends text messages (phone verification codes). A real provider implements `send` (resolve once it
 * accepted the message) and `describe` (the startup summary's line); `list` is the outbox's, read by
 * the test-mode route GET /api/dev/sms.
 */
export interface SmsAdapter {
  send(sms: Sms): Promise<void>
  describe(): string
  list?(to?: string): StoredSms[]
}

/**
 * The embedded profile's SMS: each message becomes a file of `dir`; the log says only that one was
 * written, to the number's last digits, never its text (the code).
 */
export function outboxSms(dir: string, log: (line: string) => void): SmsAdapter {
  const box = outboxFolder<StoredSms>(dir)
  return {
    async send(m) {
      box.write({ to: m.to, body: m.body })
      log(`text message to ${maskPhone(m.to)} written to the outbox`)
    },
    describe: () => `outbox ${dir} (no text message leaves this machine)`,
    list: (to) => box.read(to, 200),
  }
}
