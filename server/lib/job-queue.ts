import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import { maskEmail, REDACTED, redactUrl } from './log-redact.ts'

/**
 * The job runner (issue 26, "Scheduled work"): every server runs one, on the `jobs` table of migration
 * 013. A due row is claimed by one statement, `SELECT ... FOR UPDATE SKIP LOCKED` under an UPDATE that
 * sets `locked_until` and counts the attempt, so of any number of runners on one database (servers, or
 * runners in one process) exactly one takes it; the handler runs outside any transaction; then the row is
 * marked done, or on a failure put back with a later `run_at` (backoff) and its error kept.
 *
 * Not a library: graphile-worker needs a node-postgres pool (a PostgreSQL server over TCP, LISTEN on its
 * own connection), which the embedded PGlite is not; pg-boss 10 does run on PGlite through its `db`
 * option, but its recurring jobs are cron (a minute at the finest, a slot missed while every server was
 * down is skipped), it brings a schema of its own with background maintenance queries on PGlite's one
 * connection, and it cannot be driven by hand in tests. A table and one claim statement do what we need.
 *
 * Times are the database's (`now()`), so every server agrees on them; `runDueJobs(now)` takes another
 * "now" for tests.
 */

export interface Job {
  id: number
  name: string
  key: string
  payload: unknown
  /** This run counted: 1 on the first run. */
  attempts: number
}

/** Runs a job; resolves to a line for the log (a string), or to nothing when there was nothing to say. Throw to retry. */
export type JobHandler = (job: Job) => Promise<unknown>

export interface JobLog {
  info(obj: Record<string, unknown>, msg: string): void
  error(obj: Record<string, unknown>, msg: string): void
}

export interface RunReport {
  /** keys of the jobs this call ran to the end, and of those that failed (retried later) */
  ran: string[]
  failed: string[]
}

export interface JobRunner {
  /** A handler for the jobs named `name` (one-off jobs put in with `enqueue`). */
  define(name: string, handler: JobHandler): void
  /**
   * A recurring job: every `seconds` (0 or less: off, not even defined). Each time slot is one row keyed
   * `<name>:<slot start, epoch seconds>`, inserted by whichever runner polls first in the slot (the key
   * is unique, so any number of servers make one row). A slot missed while every server was down is not
   * made up: the next poll (the one at start) makes the current slot's row, which runs at once.
   */
  every(name: string, seconds: number, handler: JobHandler): void
  /** One poll: make the recurring jobs' rows of the current slot, then claim and run every due job. */
  runDueJobs(now?: Date): Promise<RunReport>
  /** Polls now, then every pollSeconds (0: never; tests call runDueJobs). */
  start(): void
  /** Stops polling and waits for the poll under way. */
  stop(): Promise<void>
}

/** At most this many jobs are claimed at a time by one runner (they run concurrently). */
const BATCH = 10
/** A recurring job's older slot rows are tidied by the slot that starts a minute (or every slot of a job run less often). */
const TIDY_SECONDS = 60

/**
 * Puts in a one-off job. `key` is unique across all jobs: a repeat (any server, any time) enqueues
 * nothing and answers false. `runAt` defaults to now.
 */
export async function enqueue(
  db: Db,
  name: string,
  job: { key: string; runAt?: Date; payload?: unknown },
): Promise<boolean> {
  const row = await db.one(
    `INSERT INTO jobs (name, key, payload, run_at) VALUES ($1, $2, $3::jsonb, coalesce($4::timestamptz, now()))
     ON CONFLICT (key) DO NOTHING RETURNING id`,
    [name, job.key, JSON.stringify(job.payload ?? {}), job.runAt?.toISOString() ?? null],
  )
  return !!row
}

/** Long opaque runs of characters (tokens, keys, signatures), as a stored error or a log line may not show them. */
const OPAQUE = /[A-Za-z0-9_~=+-]{32,}/g
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>()]+/g
const EMAIL_IN_TEXT = /[^\s"'<>()@]+@[^\s"'<>()@]+\.[a-z]{2,}/gi

/** What a failed job's row and the log keep of its error: the message, without a token, a link's secret or an address. */
export function jobErrorText(err: unknown): string {
  const raw = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
  return raw
    .replace(URL_IN_TEXT, (u) => redactUrl(u))
    .replace(EMAIL_IN_TEXT, (e) => maskEmail(e))
    .replace(OPAQUE, REDACTED)
    .slice(0, 500)
}

export function createJobRunner(db: Db, opts: { pollSeconds: number; log: JobLog }): JobRunner {
  const C = constants.jobs
  const handlers = new Map<string, JobHandler>()
  const recurring = new Map<string, number>()
  let timer: ReturnType<typeof setInterval> | undefined
  let polling: Promise<void> | undefined
  let stopped = false

  /**
   * The current slot's row of each recurring job (payload {every: seconds}), in one statement for all of
   * them, which also ends an older slot's run still failing (this slot's run does its work). The runner
   * that makes a slot tidies the job's older slot rows, at most once a minute per job: a poll every 2 s
   * runs one statement when there is nothing to do, so it holds the embedded database (one connection,
   * shared with every request) as briefly as it can (the click redirect's p99, scripts/bench-click.ts).
   */
  async function makeSlots(now: string | null) {
    if (!recurring.size) return
    const made = await db.query<{ name: string; key: string; at: string; every: number }>(
      `WITH r AS (
         SELECT u.name, u.every, (floor(extract(epoch FROM coalesce($3::timestamptz, now())) / u.every) * u.every)::bigint AS at
         FROM unnest($1::text[], $2::int[]) AS u(name, every)
       ), made AS (
         INSERT INTO jobs (name, key, payload, run_at)
         SELECT r.name, r.name || ':' || r.at, jsonb_build_object('every', r.every), to_timestamp(r.at) FROM r
         ON CONFLICT (key) DO NOTHING RETURNING name, key
       ), ended AS (
         UPDATE jobs j SET done_at = now() FROM made
         WHERE j.name = made.name AND j.key <> made.key AND j.payload ? 'every' AND j.done_at IS NULL
           AND (j.locked_until IS NULL OR j.locked_until <= coalesce($3::timestamptz, now()))
         RETURNING j.id
       )
       SELECT made.name, made.key, r.at::text AS at, r.every FROM made JOIN r ON r.name = made.name`,
      [[...recurring.keys()], [...recurring.values()], now],
    )
    for (const m of made) {
      if (Number(m.at) % Math.max(TIDY_SECONDS, m.every) !== 0) continue
      // past runs that went well go; the latest failure stays on record for keepDoneDays (one row, not
      // one per slot of a job that keeps failing every few seconds)
      await db.query(
        `DELETE FROM jobs j WHERE j.name = $1 AND j.key <> $2 AND j.payload ? 'every' AND j.done_at IS NOT NULL
           AND (j.last_error IS NULL OR j.done_at < now() - make_interval(days => $3::int)
                OR j.id < (SELECT max(f.id) FROM jobs f WHERE f.name = $1 AND f.key <> $2 AND f.payload ? 'every'
                           AND f.last_error IS NOT NULL AND f.done_at IS NOT NULL))`,
        [m.name, m.key, C.keepDoneDays],
      )
    }
  }

  async function claim(now: string | null): Promise<Job[]> {
    return db.query<Job>(
      `UPDATE jobs SET locked_until = coalesce($2::timestamptz, now()) + make_interval(secs => $3::int),
         attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM jobs
         WHERE done_at IS NULL AND name = ANY($1::text[]) AND run_at <= coalesce($2::timestamptz, now())
           AND (locked_until IS NULL OR locked_until <= coalesce($2::timestamptz, now()))
         ORDER BY run_at, id LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING id, name, key, payload, attempts`,
      [[...handlers.keys()], now, C.lockSeconds, BATCH],
    )
  }

  async function run(job: Job, now: string | null, report: RunReport) {
    try {
      const line = await handlers.get(job.name)!(job)
      await db.query('UPDATE jobs SET done_at = now(), locked_until = NULL WHERE id = $1', [job.id])
      report.ran.push(job.key)
      if (typeof line === 'string' && line) opts.log.info({ job: job.name, key: job.key }, line)
    } catch (err) {
      const error = jobErrorText(err)
      const wait = Math.min(C.retryMaxSeconds, C.retryBaseSeconds * 2 ** (job.attempts - 1))
      report.failed.push(job.key)
      opts.log.error(
        { job: job.name, key: job.key, attempts: job.attempts, error },
        `job ${job.name} failed; retried in ${wait} s`,
      )
      await db
        .query(
          `UPDATE jobs SET last_error = $2, locked_until = NULL,
             run_at = coalesce($3::timestamptz, now()) + make_interval(secs => $4::int)
           WHERE id = $1`,
          [job.id, error, now, wait],
        )
        .catch((e) => opts.log.error({ job: job.name, error: jobErrorText(e) }, 'job failure not recorded'))
    }
  }

  async function runDueJobs(at?: Date): Promise<RunReport> {
    const report: RunReport = { ran: [], failed: [] }
    if (!handlers.size) return report
    const now = at?.toISOString() ?? null
    await makeSlots(now)
    for (;;) {
      const jobs = await claim(now)
      if (!jobs.length) break
      await Promise.all(jobs.map((j) => run(j, now, report)))
      // a failed job is put back later than now: this loop ends
    }
    return report
  }

  const poll = () => {
    if (polling || stopped) return
    polling = runDueJobs()
      .then(() => undefined)
      .catch((err) => opts.log.error({ error: jobErrorText(err) }, 'job poll failed'))
      .finally(() => {
        polling = undefined
      })
  }

  return {
    define(name, handler) {
      handlers.set(name, handler)
    },
    every(name, seconds, handler) {
      if (!(seconds > 0)) return
      handlers.set(name, handler)
      recurring.set(name, Math.max(1, Math.round(seconds)))
    },
    runDueJobs,
    start() {
      if (!(opts.pollSeconds > 0) || timer || stopped) return
      poll()
      timer = setInterval(poll, opts.pollSeconds * 1000)
      timer.unref()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = undefined
      await polling
    },
  }
}
