import { createHmac } from 'node:crypto'
import type { Db } from '../db/index.ts'
import { keptSecret, macMatches } from './kept-secret.ts'

/**
 * Unsubscribe links (issue 26): `<member id>.<HMAC-SHA256 of the list and the id>`, base64url, with a
 * secret generated once and kept in `settings`. The link keeps working (a mail read a year later still
 * unsubscribes) and names no address; it can only turn a list of mails off. Never logged: the link's
 * `token` query parameter is redacted from request logs (lib/log-redact.ts), and the page posts it.
 */
/**
 * The lists a link can leave and the member settings each turns off (issue 27): cash back mails, offer
 * mails, or all of them (/un). A mail belongs to one list (`MailList`); `all` is only a link.
 */
export const UNSUB_LISTS = {
  cashback: ['email_rebates'],
  offers: ['email_offers'],
  all: ['email_offers', 'email_rebates'],
} as const satisfies Record<string, readonly EmailSetting[]>
export type UnsubList = keyof typeof UNSUB_LISTS
export type MailList = Exclude<UnsubList, 'all'>
export type EmailSetting = 'email_offers' | 'email_rebates'
/** How a member left a list: the unsubscribe page of a mail's link, or the mail app's one-click button. */
export type UnsubVia = 'link' | 'one_click'
const LISTS = Object.keys(UNSUB_LISTS) as UnsubList[]

const SECRET_KEY = 'unsubscribe_secret'
/** The secret, read (or made) once per database. */
export const unsubSecret = (db: Db) => keptSecret(db, SECRET_KEY)

const mac = (secret: string, list: UnsubList, userId: number) =>
  createHmac('sha256', secret).update(`unsubscribe:${list}:${userId}`).digest()

export const unsubToken = (secret: string, list: UnsubList, userId: number) =>
  `${userId}.${mac(secret, list, userId).toString('base64url')}`

/** The member a token names, when its signature is right for that list; else null. */
export function unsubMember(secret: string, list: UnsubList, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!m) return null
  const id = Number(m[1])
  return macMatches(mac(secret, list, id), m[2]!) ? id : null
}

/** The list and member a token names, whichever list it was signed for; else null. */
export function unsubTarget(secret: string, token: string): { list: UnsubList; userId: number } | null {
  for (const list of LISTS) {
    const userId = unsubMember(secret, list, token)
    if (userId !== null) return { list, userId }
  }
  return null
}

/**
 * The two addresses of a list's unsubscribe for a member, on PUBLIC_URL: the page a person opens
 * (/unsub/<list>?token=, /un?token= for all) and the RFC 8058 one-click URL a mail app posts to.
 */
export async function unsubLinks(db: Db, publicUrl: string, list: UnsubList, userId: number) {
  const token = unsubToken(await unsubSecret(db), list, userId)
  return {
    page: `${publicUrl}${list === 'all' ? '/un' : `/unsub/${list}`}?token=${token}`,
    oneClick: `${publicUrl}/api/unsubscribe/one-click?token=${token}`,
  }
}

/** The RFC 8058 headers of a mail of a list: its one-click URL and the one-click POST. */
export const listUnsubscribeHeaders = (oneClick: string): Record<string, string> => ({
  'List-Unsubscribe': `<${oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})

/**
 * Turns a list off for a member and notes when and how (users.settings.unsubscribed.<setting>, shown by
 * the settings page); a setting that was already off keeps its first note. One statement.
 */
export async function leaveList(db: Db, userId: number, list: UnsubList, via: UnsubVia): Promise<boolean> {
  const keys: readonly string[] = UNSUB_LISTS[list]
  const row = await db.one<{ id: number }>(
    `UPDATE users SET settings = settings
       || (SELECT jsonb_object_agg(k, false) FROM unnest($2::text[]) AS k)
       || jsonb_build_object('unsubscribed', COALESCE(settings->'unsubscribed', '{}'::jsonb)
         || (SELECT jsonb_object_agg(k, CASE WHEN settings->>k = 'false' AND settings->'unsubscribed' ? k
               THEN settings->'unsubscribed'->k
               ELSE jsonb_build_object('at', now(), 'via', $3::text) END)
             FROM unnest($2::text[]) AS k))
     WHERE id = $1 RETURNING id`,
    [userId, keys, via],
  )
  return row !== undefined
}
