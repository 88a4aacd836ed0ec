import { randomUUID } from 'node:crypto'
import type { Mail, MailAdapter } from '../adapters/mail.ts'
import type { Db } from '../db/index.ts'
import { enqueue, type JobRunner } from './job-queue.ts'

/** The job that delivers one queued message. */
export const MAIL_JOB = 'mail.send'

/**
 * The outbox of a real mail server (issue 31, "Mail"): with SMTP_URL, `send` only puts the message in the
 * `jobs` table (a one-off `mail.send` job keyed `mail:<uuid>`, the message its payload), in the database
 * every server shares, so nothing is lost when the SMTP server is down or refuses, nor when this server
 * stops. The job runner sends it: a refusal throws, and the runner retries with its backoff
 * (`constants.jobs`) until the server takes it. Once sent, the payload (links, tokens) is cleared, so the
 * kept job row holds no copy of the message; a run after that sends nothing.
 *
 * A request that writes a mail therefore never fails because the mail server does (before issue 31 a
 * refused verification made the sign-up answer 500 after the member was created, and the mail was lost).
 */
export function queuedMail(db: Db, inner: MailAdapter): MailAdapter {
  return {
    async send(mail) {
      await enqueue(db, MAIL_JOB, { key: `mail:${randomUUID()}`, payload: mail })
    },
    describe: () => `${inner.describe()}, queued in the database and retried by the job runner until sent`,
  }
}

/** The job that sends a queued message through the real adapter (SMTP). */
export function defineMailJob(jobs: JobRunner, db: Db, inner: MailAdapter) {
  jobs.define(MAIL_JOB, async (job) => {
    const mail = job.payload as Partial<Mail>
    // already sent (its payload cleared) by a run whose end was not recorded
    if (!mail?.to) return
    await inner.send(mail as Mail)
    await db.query(`UPDATE jobs SET payload = '{}'::jsonb WHERE id = $1`, [job.id])
  })
}
