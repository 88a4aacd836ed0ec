import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  body: string
  links?: { label: string; url: string }[]
}

/** A message as the outbox keeps it. */
export interface StoredMail extends Required<Mail> {
  id: string
  created_at: string
}

/**
 * Sends e-mail. What a real provider implements: `send` (resolve when the message is accepted,
 * reject when it is not) and `describe` (one line for the startup summary). `list` only for an
 * adapter that keeps what it "sent" (the outbox), read by `npm run mailbox` and the dev mailbox.
 */
export interface MailAdapter {
  send(mail: Mail): Promise<void>
  describe(): string
  list?(to?: string): StoredMail[]
}

const stamp = (d: Date) => d.toISOString().replace(/[:.]/g, '-')
let seq = 0

/** Reads an outbox folder: newest first, optionally only the messages to one address. */
export function readOutbox(dir: string, to?: string, limit = 100): StoredMail[] {
  let names: string[]
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.json'))
  } catch {
    return []
  }
  names.sort().reverse()
  const out: StoredMail[] = []
  for (const f of names) {
    if (out.length >= limit) break
    try {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as StoredMail
      if (!to || m.to.toLowerCase() === to.toLowerCase()) out.push(m)
    } catch {
      // a half-written or foreign file: skip it
    }
  }
  return out
}

/**
 * Without SMTP_URL: every message becomes `<dir>/<timestamp>-<seq>-<rand>.json` and each of its links
 * one line of the server log, so a newcomer can click a verification link.
 */
export function outboxMail(dir: string, log: (line: string) => void): MailAdapter {
  mkdirSync(dir, { recursive: true })
  return {
    async send(m) {
      const now = new Date()
      const id = `${stamp(now)}-${String(++seq % 1e6).padStart(6, '0')}-${randomBytes(3).toString('hex')}`
      const stored: StoredMail = {
        id,
        to: m.to,
        subject: m.subject,
        body: m.body,
        links: m.links ?? [],
        created_at: now.toISOString(),
      }
      writeFileSync(join(dir, `${id}.json`), `${JSON.stringify(stored, null, 2)}\n`)
      for (const l of stored.links) log(`mail to ${m.to}: ${l.label}: ${l.url}`)
    },
    describe: () => `outbox ${dir} (no mail leaves this machine; npm run mailbox lists it)`,
    list: (to) => readOutbox(dir, to),
  }
}

/** The text part of a message: the body, then each link on a line of its own. */
export function mailText(m: Mail): string {
  const links = (m.links ?? []).map((l) => `${l.label}: ${l.url}`)
  return [m.body, ...(links.length ? ['', ...links] : [])].join('\n')
}

/** With SMTP_URL (smtp://user:pass@host:port or smtps://…): sends through nodemailer. */
export function smtpMail(transport: Transporter, from: string, label: string): MailAdapter {
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: mailText(m) })
    },
    describe: () => label,
  }
}

/** The host (and port) of an SMTP URL, never its user or password. */
export function smtpHost(url: string): string {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}`
  } catch {
    return 'smtp (unparsable SMTP_URL)'
  }
}

export function createMail(opts: {
  smtpUrl?: string | undefined
  from?: string | undefined
  outboxDir: string
  log: (line: string) => void
}): MailAdapter {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    return smtpMail(transport, opts.from || 'no-reply@localhost', `smtp ${smtpHost(opts.smtpUrl)}`)
  }
  return outboxMail(opts.outboxDir, opts.log)
}
