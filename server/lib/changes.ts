import type { Db } from '../db/index.ts'

/**
 * "This changed" for every server on one database (issue 29): a server keeps ready replies, drawn
 * pages and session checks in memory, and must drop them when another process changes what they were
 * made from (a feed import from the command line, a sign-out served by another instance). On
 * PostgreSQL a change is announced with NOTIFY on a channel of the topic and the schema, and every
 * server that follows the topic hears it through its LISTEN connection (Db.listen), its own
 * announcements too. The embedded database has one process: the announcement is delivered in it.
 * Announce after the change is committed (or inside its transaction: PostgreSQL delivers at commit).
 */
export type Topic = 'catalog' | 'sessions'

const local = new WeakMap<Db, Map<Topic, Set<(payload: string) => void>>>()

const channelOf = async (db: Db, topic: Topic) => {
  const row = await db.one<{ schema: string }>('SELECT current_schema() AS schema')
  return `${topic}_${row?.schema ?? 'public'}`.slice(0, 63)
}

/** Announces a change of `topic` (with a short payload, e.g. a member id) to every server of the database. */
export async function announce(db: Db, topic: Topic, payload = ''): Promise<void> {
  if (db.kind === 'postgres') {
    await db.query('SELECT pg_notify($1, $2)', [await channelOf(db, topic), payload])
    return
  }
  for (const fn of local.get(db)?.get(topic) ?? []) fn(payload)
}

/** Calls `fn` on each change of `topic` announced by any process on the database; returns the stop. */
export async function follow(
  db: Db,
  topic: Topic,
  fn: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (db.kind === 'postgres' && db.listen) return db.listen(await channelOf(db, topic), fn)
  let topics = local.get(db)
  if (!topics) {
    topics = new Map()
    local.set(db, topics)
  }
  let fns = topics.get(topic)
  if (!fns) {
    fns = new Set()
    topics.set(topic, fns)
  }
  fns.add(fn)
  return async () => {
    fns.delete(fn)
  }
}
