import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyRequest } from 'fastify'
import i18next, { type TFunction } from 'i18next'
import { constants } from '../../src/config/constants.ts'
import type { Mail } from '../adapters/mail.ts'
import type { Services } from '../services.ts'
import { listUnsubscribeHeaders, type MailList, UNSUB_LISTS, unsubLinks } from './unsubscribe.ts'

/**
 * Mail to a member, in the member's language (issue 27, "Mail"). Texts live in `locales/<lng>/mail-*.json`
 * (one file per feature: mail-payouts, mail-billing, ...) and `cashback-mail.json`; each file is an
 * i18next namespace named after the file, so a text is `t('mail-payouts:failed.subject', {...})`.
 *
 * `list`: the mail belongs to a list the member can leave (a notice or marketing mail): it is not sent when
 * the member left that list, and it carries the list's one-click unsubscribe.
 */
export const MAIL_LANGUAGES = ['en', 'es'] as const
export type MailLanguage = (typeof MAIL_LANGUAGES)[number]

export const mailLanguageOf = (language: unknown): MailLanguage => (language === 'es' ? 'es' : 'en')

/**
 * The language of the page a request came from, for a mail to someone who has not chosen one (a sign-up's
 * verification, a reset asked before any choice): ?lang=, else the page's language cookie (set by the
 * web app with the visitor's choice), else the browser's Accept-Language, else English.
 */
export function requestLanguage(req: FastifyRequest): MailLanguage {
  const asked = (req.query as Record<string, unknown> | undefined)?.[constants.languageQueryParam]
  if (asked === 'en' || asked === 'es') return asked
  const cookies = String(req.headers.cookie ?? '')
  for (const part of cookies.split(';')) {
    const [k, v] = part.trim().split('=')
    if (k === constants.languageCookieName && (v === 'en' || v === 'es')) return v
  }
  const accept = String(req.headers['accept-language'] ?? '')
    .split(',')[0]
    ?.trim()
    .toLowerCase()
  return accept?.startsWith('es') ? 'es' : 'en'
}

const root = join(import.meta.dirname, '../..')
const isMailFile = (f: string) => f.endsWith('.json') && (f.startsWith('mail-') || f === 'cashback-mail.json')

let texts: Promise<(lng: MailLanguage) => TFunction> | undefined

/** Every mail namespace in both languages, plus `account` (the notices as the notifications page writes them). */
export function mailTexts(): Promise<(lng: MailLanguage) => TFunction> {
  texts ??= (async () => {
    const resources: Record<string, Record<string, unknown>> = {}
    const namespaces = new Set<string>(['account'])
    for (const lng of MAIL_LANGUAGES) {
      const dir = join(root, 'locales', lng)
      const files = readdirSync(dir).filter((f) => isMailFile(f) || f === 'account.json')
      resources[lng] = Object.fromEntries(
        files.map((f) => {
          const ns = f.replace(/\.json$/, '')
          namespaces.add(ns)
          return [ns, JSON.parse(readFileSync(join(dir, f), 'utf8'))]
        }),
      )
    }
    const i18n = i18next.createInstance()
    await i18n.init({
      resources: resources as never,
      lng: 'en',
      fallbackLng: 'en',
      ns: [...namespaces],
      defaultNS: 'account',
      interpolation: { escapeValue: false },
    })
    return (lng: MailLanguage) => i18n.getFixedT(lng)
  })()
  return texts
}

export interface MemberMailOptions {
  /**
   * The list this mail belongs to (a notice or marketing mail): skipped when the member left it; carries
   * its unsubscribe: a closing line with the link in the member's language, and the RFC 8058
   * `List-Unsubscribe` / `List-Unsubscribe-Post` headers. Without it the mail is transactional (no headers).
   */
  list?: MailList
  /** The language when the member has not chosen one (the request's, see `requestLanguage`); else English. */
  language?: MailLanguage
  /** Another address than the member's own (a new address being confirmed). */
  to?: string
}

/** What a mail's builder may use besides the texts: the page address of its unsubscribe link (with `list`). */
export interface MailExtras {
  unsubscribeUrl?: string
}

/**
 * Writes one mail to a member in their language and sends it. Resolves false when the member is gone or
 * left the mail's list. Throws when the mail adapter refuses the message (a job retries).
 */
export async function sendMemberMail(
  s: Services,
  userId: number,
  build: (
    t: TFunction,
    lng: MailLanguage,
    member: { email: string; name: string },
    extras: MailExtras,
  ) => Mail | Promise<Mail>,
  opts: MemberMailOptions = {},
): Promise<boolean> {
  const m = await s.db.one<{ email: string; name: string | null; settings: Record<string, unknown> | null }>(
    'SELECT email, name, settings FROM users WHERE id = $1',
    [userId],
  )
  if (!m) return false
  const list = opts.list
  if (list && UNSUB_LISTS[list].some((k) => m.settings?.[k] === false)) return false
  const chosen = m.settings?.language
  const lng = chosen === 'en' || chosen === 'es' ? chosen : (opts.language ?? 'en')
  const t = (await mailTexts())(lng)
  const links = list ? await unsubLinks(s.db, s.publicUrl, list, userId) : undefined
  const mail = await build(
    t,
    lng,
    { email: m.email, name: (m.name ?? '').trim() },
    {
      ...(links ? { unsubscribeUrl: links.page } : {}),
    },
  )
  const to = opts.to ?? m.email
  if (!links) {
    await s.mail.send({ language: lng, ...mail, to })
    return true
  }
  // a notice: the closing lines with the unsubscribe link (unless the builder wrote it), and the headers
  const written = (mail.links ?? []).some((l) => l.url === links.page)
  await s.mail.send({
    language: lng,
    ...mail,
    to,
    body: written
      ? mail.body
      : [
          mail.body,
          '',
          t(`mail-account:footer.why.${list}`),
          t('mail-account:footer.unsubscribe', { url: links.page }),
        ].join('\n'),
    links: written
      ? mail.links
      : [...(mail.links ?? []), { label: t('mail-account:footer.unsubscribeLabel'), url: links.page }],
    headers: { ...mail.headers, ...listUnsubscribeHeaders(links.oneClick) },
  })
  return true
}
