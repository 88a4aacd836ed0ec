import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import i18next, { type TFunction } from 'i18next'
import type { Mail } from '../adapters/mail.ts'
import type { Services } from '../services.ts'
import { UNSUB_LISTS, type UnsubList } from './unsubscribe.ts'

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
  /** The list this mail belongs to: skipped when the member left it; carries its unsubscribe. */
  list?: UnsubList
}

/**
 * Writes one mail to a member in their language and sends it. Resolves false when the member is gone or
 * left the mail's list. Throws when the mail adapter refuses the message (a job retries).
 */
export async function sendMemberMail(
  s: Services,
  userId: number,
  build: (t: TFunction, lng: MailLanguage, member: { email: string; name: string }) => Mail | Promise<Mail>,
  opts: MemberMailOptions = {},
): Promise<boolean> {
  const m = await s.db.one<{ email: string; name: string | null; settings: Record<string, unknown> | null }>(
    'SELECT email, name, settings FROM users WHERE id = $1',
    [userId],
  )
  if (!m) return false
  if (opts.list && m.settings?.[UNSUB_LISTS[opts.list]] === false) return false
  const lng = mailLanguageOf(m.settings?.language)
  const t = (await mailTexts())(lng)
  const mail = await build(t, lng, { email: m.email, name: (m.name ?? '').trim() })
  await s.mail.send({ ...mail, to: m.email })
  return true
}
