import nodemailer, { type Transporter } from 'nodemailer'
import { maskEmail } from '../lib/log-redact.ts'
import { outboxFolder, readOutbox } from './outbox.ts'

export interface Mail {
  to: string
  subject: string
  body: string
  links?: { label: string; url: string }[]
  /**
   * Extra header lines (issue 27): a notice or marketing mail's `List-Unsubscribe` and
   * `List-Unsubscribe-Post` (RFC 8058). A transactional mail (a reset link, a sign-in code) has none.
   */
  headers?: Record<string, string>
  /** The language the mail is written in (`en`, `es`): the HTML part's `lang` and the `Content-Language` header (issue 31). */
  language?: string
}

/** A message as the outbox keeps it. */
export interface StoredMail extends Required<Omit<Mail, 'headers' | 'language'>> {
  /** absent in messages written before issue 27 */
  headers?: Record<string, string>
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

/** The mail outbox folder, newest first, optionally only the messages to one address. */
export const readMailOutbox = (dir: string, to?: string, limit = 100) =>
  readOutbox<StoredMail>(dir, to, limit)

/**
 * Without SMTP_URL: every message becomes `<dir>/<timestamp>-<seq>-<rand>.json`, read with
 * `npm run mailbox` (and /dev/mailbox in development). The log says only that a message was written,
 * to a masked address: never its links (issue 25: no one-time link in any log line).
 */
export function outboxMail(dir: string, log: (line: string) => void): MailAdapter {
  const box = outboxFolder<StoredMail>(dir)
  return {
    async send(m) {
      box.write({
        to: m.to,
        subject: m.subject,
        body: m.body,
        links: m.links ?? [],
        headers: m.headers ?? {},
      })
      log(`mail to ${maskEmail(m.to)} written to the outbox (npm run mailbox)`)
    },
    describe: () =>
      `outbox ${dir} (no mail leaves this machine; read it with npm run mailbox, links are never logged)`,
    list: (to) => box.read(to),
  }
}

/** The text part of a message: the body, then each link on a line of its own. */
export function mailText(m: Mail): string {
  const links = (m.links ?? []).map((l) => `${l.label}: ${l.url}`)
  return [m.body, ...(links.length ? ['', ...links] : [])].join('\n')
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const URL_IN_BODY = /\bhttps?:\/\/[^\s<>"]+/g
/** One line of the body as HTML: escaped, each address in it a link. */
const htmlLine = (line: string) => {
  let out = ''
  let at = 0
  for (const u of line.matchAll(URL_IN_BODY)) {
    out += `${escapeHtml(line.slice(at, u.index))}<a href="${escapeHtml(u[0])}">${escapeHtml(u[0])}</a>`
    at = u.index + u[0].length
  }
  return out + escapeHtml(line.slice(at))
}

/**
 * The HTML part of a message (issue 31): the same words as the text part (no other text to translate),
 * a paragraph per block of the body, each address a link, then each link as a button-like line; `lang`
 * is the mail's language.
 */
export function mailHtml(m: Mail): string {
  const paragraphs = m.body
    .split(/\n{2,}/)
    .map((block) => `<p>${block.split('\n').map(htmlLine).join('<br>')}</p>`)
  const links = (m.links ?? []).map(
    (l) => `<p><a href="${escapeHtml(l.url)}"><strong>${escapeHtml(l.label)}</strong></a></p>`,
  )
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(m.language ?? 'en')}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>`,
    `<body>${[...paragraphs, ...links].join('\n')}</body>`,
    '</html>',
  ].join('\n')
}

/**
 * With SMTP_URL (smtp://user:pass@host:port or smtps://…): sends through nodemailer, a plain-text and
 * an HTML part (multipart/alternative). Rejects when the server does not take the message: the app puts
 * this adapter behind the job runner's queue (lib/mail-queue.ts), which retries until it does.
 */
export function smtpMail(transport: Transporter, from: string, label: string): MailAdapter {
  return {
    async send(m) {
      const headers = {
        ...(m.language ? { 'Content-Language': m.language } : {}),
        ...(m.headers ?? {}),
      }
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: mailText(m),
        html: mailHtml(m),
        ...(Object.keys(headers).length ? { headers } : {}),
      })
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
