import type { FastifyReply } from 'fastify'
import type { StaffChatEvent } from '../../../plugins/staff/chat/contract.ts'
import type { Db } from '../../db/index.ts'

type Listener = (e: StaffChatEvent) => void

/**
 * "Conversation N changed" for the live chat's event streams (issue 28), both sides. On PGlite the
 * bus is in-process. On PostgreSQL a change is published with pg_notify on a channel of the schema
 * and every instance (this one too) hears it through a LISTEN connection of its own, so a member
 * whose stream is held by one server hears the agent who answered through another (issue 29).
 * Publish after the change is committed: a listener reads the database when it hears of it.
 */
export class ChatBus {
  private listeners = new Set<Listener>()
  private streams = new Set<() => void>()
  private channel: string | undefined
  private started: Promise<void> | undefined
  private stopListening: (() => Promise<void>) | undefined

  constructor(private db: Db) {}

  /** Starts listening (PostgreSQL); idempotent. */
  start(): Promise<void> {
    this.started ??= (async () => {
      if (this.db.kind !== 'postgres' || !this.db.listen) return
      const row = await this.db.one<{ schema: string }>('SELECT current_schema() AS schema')
      this.channel = `chat_${row?.schema ?? 'public'}`.slice(0, 63)
      this.stopListening = await this.db.listen(
        this.channel,
        (payload) => {
          try {
            this.deliver(JSON.parse(payload) as StaffChatEvent)
          } catch {
            // not ours
          }
        },
        () => this.lost(),
      )
    })()
    // a failed start is tried again by the next call
    this.started.catch(() => {
      this.started = undefined
    })
    return this.started
  }

  /**
   * The LISTEN connection failed: the open streams would hear nothing more, so they end (a member's
   * page then polls, an agent's EventSource reconnects) and the next stream or publish listens again.
   */
  private lost() {
    this.started = undefined
    this.stopListening = undefined
    this.channel = undefined
    for (const end of [...this.streams]) end()
  }

  /** Tells every stream (of every instance on PostgreSQL) that a conversation changed. */
  async publish(e: StaffChatEvent): Promise<void> {
    await this.start().catch(() => {})
    if (this.channel && this.stopListening) {
      await this.db.query('SELECT pg_notify($1, $2)', [this.channel, JSON.stringify(e)])
    } else this.deliver(e)
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  private deliver(e: StaffChatEvent) {
    for (const fn of [...this.listeners]) fn(e)
  }

  /** Ends the open streams and the LISTEN connection (the server closes). */
  async close(): Promise<void> {
    for (const end of [...this.streams]) end()
    this.listeners.clear()
    await this.stopListening?.()
    this.stopListening = undefined
  }

  /** @internal the streams register here so close() ends them. */
  track(end: () => void): () => void {
    this.streams.add(end)
    return () => this.streams.delete(end)
  }
}

const buses = new WeakMap<Db, ChatBus>()

/** The one bus of a database (both route modules share it). */
export function chatBusOf(db: Db): ChatBus {
  let bus = buses.get(db)
  if (!bus) {
    bus = new ChatBus(db)
    buses.set(db, bus)
  }
  return bus
}

export interface EventStream {
  /** One event: `event: <name>`, the data as JSON, and an id when given (the client's Last-Event-ID). */
  send(event: string, data: unknown, id?: number): void
  /** Called once when the client goes away or the server closes. */
  onEnd(fn: () => void): void
}

/**
 * Turns a reply into a server-sent-events stream (text/event-stream): the reply is hijacked (no
 * onSend hook, so lib/compress.ts never buffers it), a comment line every `heartbeatSeconds` keeps
 * proxies from closing it, and it ends when the client goes away or the bus closes.
 */
export function eventStream(bus: ChatBus, reply: FastifyReply, heartbeatSeconds: number): EventStream {
  reply.hijack()
  const raw = reply.raw
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'close',
  })
  raw.write(`retry: 3000\n\n`)
  const socket = raw.socket
  const ends: (() => void)[] = []
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    clearInterval(beat)
    untrack()
    for (const fn of ends) fn()
    // the connection ends with the stream: a socket left open would hold the server's close
    if (raw.writableEnded) socket?.destroy()
    else raw.end(() => socket?.destroy())
  }
  const beat = setInterval(() => raw.write(': ping\n\n'), heartbeatSeconds * 1000)
  beat.unref()
  const untrack = bus.track(end)
  raw.on('close', end)
  raw.on('error', end)
  return {
    send(event, data, id) {
      if (ended) return
      raw.write(`event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`)
    },
    onEnd(fn) {
      if (ended) fn()
      else ends.push(fn)
    },
  }
}

/** The message id a reconnecting EventSource sends back (Last-Event-ID), or the `after` query, or 0. */
export function resumeFrom(lastEventId: unknown, after: number | undefined): number {
  const n = Number(Array.isArray(lastEventId) ? lastEventId[0] : lastEventId)
  return Number.isInteger(n) && n > 0 ? Math.max(n, after ?? 0) : (after ?? 0)
}
