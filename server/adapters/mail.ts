import type { Db } from '../db/index.ts'

export interface Mail {
  to: string
  subject: string
  body: string
  links?: { label: string; url: string }[]
}

/** Sends e-mail. The built-in one writes to the outbox table, read at /dev/mailbox in development. */
export interface MailAdapter {
  send(mail: Mail): Promise<void>
}

export function outboxMail(db: Db): MailAdapter {
  return {
    async send(m) {
      await db.query('INSERT INTO outbox (to_email, subject, body, links) VALUES ($1, $2, $3, $4::jsonb)', [
        m.to,
        m.subject,
        m.body,
        JSON.stringify(m.links ?? []),
      ])
    },
  }
}
