import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/index.ts'

/**
 * Scheduled work on the database (migration 010, job_leases), built like the protection watcher's lease:
 * each period one server takes a job's run by moving its row forward; every other server finds the
 * row already moved and skips. A restart loses nothing: the next tick of any server takes the run.
 */
export async function takeJobLease(db: Db, name: string, seconds: number): Promise<boolean> {
  await db.query('INSERT INTO job_leases (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name])
  // A concurrent UPDATE of the same row waits for the first and then sees next_run_at moved: no row.
  // The lease ends a little before the next tick (9/10 of the period), so a tick's jitter skips none.
  const r = await db.one(
    `UPDATE job_leases SET next_run_at = now() + make_interval(secs => $2::float8 * 0.9), run_id = $3
     WHERE name = $1 AND next_run_at <= now() RETURNING run_id`,
    [name, seconds, randomBytes(8).toString('hex')],
  )
  return !!r
}

/**
 * Runs `run` every `seconds` (0: off) on this server when this server takes the lease; stopped when the
 * app closes. `run` returns a line for the log, or nothing when there was nothing to do.
 */
export function scheduleJob(
  app: FastifyInstance,
  db: Db,
  name: string,
  seconds: number,
  run: () => Promise<string | undefined>,
) {
  if (!(seconds > 0)) return
  let running: Promise<void> | undefined
  const tick = () => {
    if (running) return
    running = (async () => {
      if (!(await takeJobLease(db, name, seconds))) return
      const line = await run()
      if (line) app.log.info({ job: name }, line)
    })()
      .catch((err) => app.log.error({ err, job: name }, `job ${name} failed`))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, seconds * 1000)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
