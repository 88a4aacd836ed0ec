import { randomUUID } from 'node:crypto'
import type { TFunction } from 'i18next'
import { constants } from '../../../src/config/constants.ts'
import type { Mail } from '../../adapters/mail.ts'
import type { Services } from '../../services.ts'
import { enqueue, type JobRunner } from '../job-queue.ts'
import { mailTexts } from '../member-mail.ts'
import { listUnsubscribeHeaders, unsubSecret, unsubToken } from '../unsubscribe.ts'
import type { ConversionChange } from './hooks.ts'

/**
 * Called after any call that returns ConversionChanges (postback, report import, inquiry match, the
 * payable job): notification centre rows and mails ("cash back tracked", "confirmed", "reversed") in the
 * member's language, with an unsubscribe link. Never throws into the caller (logs and goes on), and is
 * cheap for large batches.
 *
 * Per call, whatever its size: one read (the stores' names), one insert per NOTICE_BATCH notifications,
 * one job per NOTICE_BATCH mailed changes. The job (cashback_mail, on the job runner) writes one mail per
 * member (all of that member's changes in it), only to members whose cash back mails are on
 * (users.settings.email_rebates), with the unsubscribe secret read once per database. Payable is a
 * notification only: the mails say tracked, confirmed and reversed.
 */
export const NOTICE_KINDS = {
  tracked: 'cashback_tracked',
  confirmed: 'cashback_confirmed',
  payable: 'cashback_payable',
  reversed: 'cashback_reversed',
} as const
const MAILED = new Set<ConversionChange['change']>(['tracked', 'confirmed', 'reversed'])
/** Notifications per insert statement (a 100,000-row report makes 20 of them). */
const NOTICE_BATCH = 5000
/** Changes listed in one mail (a large report lists the first ones and says how many more). */
const MAIL_LINES = 20
/** Mails handed to the mail adapter at once. */
const MAIL_CONCURRENCY = 8
const LANGUAGES = ['en', 'es'] as const
type Language = (typeof LANGUAGES)[number]

/** The account namespace (the notices, as the notifications page writes them) and the mail's own texts. */
const textsOf = mailTexts

const { currency, decimals, centsDivisor, negativesInParentheses } = constants.numberFormat
/** Money the way the screens write it (src/ui/money.tsx formatCents): $4.20 in both languages. */
export function moneyText(cents: number, lng: Language): string {
  const abs = Math.abs(cents)
  const text =
    currency === 'USD' && decimals === 2 && centsDivisor === 100
      ? `$${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(abs % 100).padStart(2, '0')}`
      : new Intl.NumberFormat(lng === 'es' ? 'es-US' : 'en-US', {
          style: 'currency',
          currency,
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        }).format(abs / centsDivisor)
  return cents < 0 ? (negativesInParentheses ? `(${text})` : `-${text}`) : text
}

interface Member {
  id: number
  email: string
  name: string
  language: string | null
}

export async function afterCashbackChanges(s: Services, changes: ConversionChange[]): Promise<void> {
  try {
    if (changes.length === 0) return
    const t = await textsOf()
    const en = t('en')
    const { notice, paramsOf } = noticesOf(await readNames(s, changes, []))
    // the notification centre: English title and body (older clients), the kind and parameters the page writes
    for (let i = 0; i < changes.length; i += NOTICE_BATCH) {
      const rows = changes.slice(i, i + NOTICE_BATCH).map((c) => ({
        user_id: c.userId,
        ...notice(en, c, 'en'),
        kind: NOTICE_KINDS[c.change],
        params: paramsOf(c),
      }))
      await s.db.query(
        `INSERT INTO notifications (user_id, title, body, kind, params)
         SELECT n.user_id, n.title, n.body, n.kind, n.params
         FROM jsonb_to_recordset($1::jsonb) AS n(user_id int, title text, body text, kind text, params jsonb)
         JOIN users u ON u.id = n.user_id`,
        [JSON.stringify(rows)],
      )
    }
    // the mails go through the job runner: a postback is answered once booked, a mail that fails is
    // retried, and the members' opt-out is read when the mail is written
    const mailed = changes.filter((c) => MAILED.has(c.change))
    for (let i = 0; i < mailed.length; i += NOTICE_BATCH)
      await enqueue(s.db, MAIL_JOB, {
        key: `${MAIL_JOB}:${randomUUID()}`,
        payload: { changes: mailed.slice(i, i + NOTICE_BATCH) },
      })
  } catch (err) {
    // never into the caller: its money moved already; say what failed, never a link
    console.error(`cash back notifications failed: ${(err as Error).message}`)
  }
}

/** The job that mails a batch of changes (enqueued by afterCashbackChanges). */
export const MAIL_JOB = 'cashback_mail'

interface Names {
  stores: { id: number; name: string }[] | null
  members: Member[] | null
}

/** One read: the stores' names, and those of the members who get mail (cash back mails on). */
async function readNames(
  s: Services,
  changes: ConversionChange[],
  mailTo: number[],
): Promise<Names | undefined> {
  return s.db.one<Names>(
    `SELECT (SELECT json_agg(json_build_object('id', id, 'name', name)) FROM stores WHERE id = ANY($1::int[])) AS stores,
       (SELECT json_agg(json_build_object('id', id, 'email', email, 'name', name, 'language', settings->>'language'))
        FROM users WHERE id = ANY($2::int[]) AND (settings->>'email_rebates') IS DISTINCT FROM 'false') AS members`,
    [[...new Set(changes.map((c) => c.storeId))], mailTo],
  )
}

function noticesOf(read: Names | undefined) {
  const stores = new Map((read?.stores ?? []).map((r) => [r.id, r.name]))
  const paramsOf = (c: ConversionChange) => ({
    store: stores.get(c.storeId) ?? '',
    amount_cents: Math.abs(c.cashbackCents),
    conversion_id: c.conversionId,
  })
  const notice = (tt: TFunction, c: ConversionChange, lng: Language) => {
    const p = paramsOf(c)
    const vars = { store: p.store, amount: moneyText(p.amount_cents, lng) }
    return {
      title: tt(`notice.${NOTICE_KINDS[c.change]}.title`, vars),
      body: tt(`notice.${NOTICE_KINDS[c.change]}.body`, vars),
    }
  }
  return { notice, paramsOf }
}

/**
 * The job `cashback_mail`: one mail per member of the batch, in the member's language, to those whose
 * cash back mails are on now. A failure is retried by the runner.
 */
export function defineCashbackMailJob(jobs: JobRunner, s: Services) {
  jobs.define(MAIL_JOB, async (job) => {
    const changes = (job.payload as { changes?: ConversionChange[] }).changes ?? []
    if (!changes.length) return undefined
    const read = await readNames(s, changes, [...new Set(changes.map((c) => c.userId))])
    const sent = await mailMembers(s, changes, read?.members ?? [], await textsOf(), noticesOf(read).notice)
    return `cash back mails: ${sent} sent`
  })
  // a mail job's row has no key worth keeping (a random one): sent batches go after keepDoneDays
  jobs.every(`${MAIL_JOB}_tidy`, 3600, async () => {
    const gone = await s.db.query(
      `DELETE FROM jobs WHERE name = $1 AND done_at < now() - make_interval(days => $2::int) RETURNING id`,
      [MAIL_JOB, constants.jobs.keepDoneDays],
    )
    return gone.length ? `cash back mails: ${gone.length} sent batches forgotten` : undefined
  })
}

async function mailMembers(
  s: Services,
  changes: ConversionChange[],
  members: Member[],
  t: (lng: Language) => TFunction,
  notice: (tt: TFunction, c: ConversionChange, lng: Language) => { title: string; body: string },
) {
  if (members.length === 0) return 0
  const byMember = new Map<number, ConversionChange[]>()
  for (const c of changes) {
    if (!MAILED.has(c.change)) continue
    const list = byMember.get(c.userId)
    if (list) list.push(c)
    else byMember.set(c.userId, [c])
  }
  const secret = await unsubSecret(s.db)
  const mails: Mail[] = members.map((m) => {
    const lng: Language = m.language === 'es' ? 'es' : 'en'
    const tt = t(lng)
    const mine = byMember.get(m.id)!
    const history = `${s.publicUrl}/account/purchase-history`
    const token = unsubToken(secret, 'cashback', m.id)
    const unsub = `${s.publicUrl}/unsub/cashback?token=${token}`
    const lines = mine.slice(0, MAIL_LINES).map((c) => {
      const n = notice(tt, c, lng)
      return `${n.title}: ${n.body}${c.test ? ` ${tt('cashback-mail:test')}` : ''}`
    })
    const name = m.name.trim()
    return {
      to: m.email,
      language: lng,
      subject:
        mine.length === 1
          ? notice(tt, mine[0]!, lng).title
          : tt('cashback-mail:subjectMany', { count: mine.length }),
      body: [
        name ? tt('cashback-mail:greeting', { name }) : tt('cashback-mail:greetingNoName'),
        '',
        ...lines,
        ...(mine.length > MAIL_LINES ? [tt('cashback-mail:more', { count: mine.length - MAIL_LINES })] : []),
        '',
        tt('cashback-mail:history', { url: history }),
        '',
        tt('cashback-mail:why'),
        tt('cashback-mail:unsubscribe', { url: unsub }),
      ].join('\n'),
      links: [
        { label: tt('cashback-mail:historyLabel'), url: history },
        { label: tt('cashback-mail:unsubscribeLabel'), url: unsub },
      ],
      // RFC 8058 one-click (issue 27)
      headers: listUnsubscribeHeaders(`${s.publicUrl}/api/unsubscribe/one-click?token=${token}`),
    }
  })
  let next = 0
  const worker = async () => {
    while (next < mails.length) {
      const m = mails[next++]!
      try {
        await s.mail.send(m)
      } catch (err) {
        console.error(`a cash back mail was not sent: ${(err as Error).message}`)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, mails.length) }, worker))
  return mails.length
}
