import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import {
  ChatConversationReply,
  ChatCurrentReply,
  ChatMessageReply,
  ChatMessageRequest,
  ChatMessagesQuery,
  ChatMessagesReply,
  ChatParams,
  chatOpen,
} from '../../plugins/account/contract.ts'
import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import { fail, HttpError } from '../lib/http.ts'
import { memberIdByEmail } from '../lib/member-by-email.ts'
import { isoOf } from '../lib/present.ts'
import { hit } from '../lib/ratelimit.ts'
import { memberRoute, route } from '../lib/route.ts'
import { chatBusOf, eventStream, resumeFrom } from '../lib/staff/chat-bus.ts'
import type { Services } from '../services.ts'

/** The most messages one reply carries (a conversation longer than this pages with `after`). */
const PAGE = 200

type MessageRow = { id: number; author: 'member' | 'agent' | 'system'; body: string; created_at: Date }
type ConversationRow = { id: number; status: 'open' | 'closed'; created_at: Date }
const toMessage = (m: MessageRow) => ({ ...m, created_at: isoOf(m.created_at) })

async function messagesOf(db: Db, conversationId: number, after = 0) {
  const rows = await db.query<MessageRow>(
    `SELECT id, author, body, created_at FROM chat_messages WHERE conversation_id = $1 AND id > $2
     ORDER BY id LIMIT ${PAGE}`,
    [conversationId, after],
  )
  return rows.map(toMessage)
}

/** Test mode: a member whose chat clock is moved (POST /api/dev/chat/clock) is judged at that time. */
const DevChatClock = z.object({ email: z.string(), at: z.nullable(z.string()) })

/** Per member: at most chat.messagesPerMinute starts and messages a minute (429 with retry_after). */
async function limit(s: Services, uid: number) {
  const wait = await hit(s.db, `chat:${uid}`, constants.chat.messagesPerMinute, 60)
  if (wait)
    throw new HttpError(
      429,
      { chat: ['Too many messages. Please wait a moment.'] },
      { retry_after: wait },
      { chat: 'rate_limited' },
    )
}

/**
 * The live chat of /account/contact (SPEC 2.9): a member starts a conversation (or gets the open
 * one), posts messages and reads them; all signed in, each member sees only their own. Open in the
 * business hours of config/constants.json `chat`.
 */
export async function chatRoutes(app: FastifyInstance, s: Services) {
  const bus = chatBusOf(s.db)
  await bus.start()
  // test mode only: member id → ms added to the real time when the business hours are judged
  const clocks = new Map<number, number>()
  const nowFor = (uid: number) => new Date(Date.now() + (clocks.get(uid) ?? 0))
  /** Outside business hours nothing is started or sent: the client shows the message form instead. */
  function mustBeOpen(uid: number) {
    if (!chatOpen(nowFor(uid))) throw fail(409, 'chat', 'The live chat is closed now.', 'chat_closed')
  }

  async function own(id: number, uid: number) {
    const c = await s.db.one<ConversationRow>(
      'SELECT id, status, created_at FROM chat_conversations WHERE id = $1 AND user_id = $2',
      [id, uid],
    )
    if (!c) throw fail(404, 'id', 'No such conversation.', 'not_found')
    return c
  }

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/chat/conversations/current',
    tag: 'account',
    summary: "The member's open chat conversation (null when none) and whether the chat is open now.",
    reply: ChatCurrentReply,
    async handler({ uid }) {
      const c = await s.db.one<ConversationRow>(
        `SELECT id, status, created_at FROM chat_conversations WHERE user_id = $1 AND status = 'open'`,
        [uid],
      )
      return {
        open: chatOpen(nowFor(uid)),
        data: c ? { ...c, created_at: isoOf(c.created_at), messages: await messagesOf(s.db, c.id) } : null,
      }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/chat/conversations',
    tag: 'account',
    summary:
      'Start a chat conversation, or get the open one (one per member). 409 chat_closed outside business hours.',
    reply: ChatConversationReply,
    replies: {
      409: 'Outside business hours: { code: "chat_closed" }',
      429: 'Too many: { code: "rate_limited" }',
    },
    async handler({ uid }) {
      mustBeOpen(uid)
      await limit(s, uid)
      let made = false
      const c = await s.db.transaction(async (tx) => {
        const row = await tx.one<ConversationRow>(
          `INSERT INTO chat_conversations (user_id) VALUES ($1)
           ON CONFLICT (user_id) WHERE status = 'open' DO NOTHING RETURNING id, status, created_at`,
          [uid],
        )
        if (row) {
          made = true
          await tx.query(
            `INSERT INTO chat_messages (conversation_id, author, body) VALUES ($1, 'system', 'welcome')`,
            [row.id],
          )
          return row
        }
        return (await tx.one<ConversationRow>(
          `SELECT id, status, created_at FROM chat_conversations WHERE user_id = $1 AND status = 'open'`,
          [uid],
        ))!
      })
      if (made) await bus.publish({ conversation_id: c.id, kind: 'opened' })
      return { data: { ...c, created_at: isoOf(c.created_at), messages: await messagesOf(s.db, c.id) } }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/chat/conversations/:id/messages',
    tag: 'account',
    summary: "Messages of one of the member's conversations, oldest first, after the id given (polling).",
    params: ChatParams,
    query: ChatMessagesQuery,
    reply: ChatMessagesReply,
    async handler({ params, query, uid }) {
      await own(params.id, uid)
      return { data: await messagesOf(s.db, params.id, query.after ?? 0) }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/chat/conversations/:id/messages',
    tag: 'account',
    summary: `Post a message (at most ${constants.chat.messageMaxLength} characters, ${constants.chat.messagesPerMinute} a minute) to the member's open conversation.`,
    params: ChatParams,
    body: ChatMessageRequest,
    reply: ChatMessageReply,
    bodyLimit: 16 * 1024,
    async handler({ params, body, uid }) {
      const c = await own(params.id, uid)
      if (c.status !== 'open')
        throw fail(409, 'id', 'This conversation has ended. Start a new one.', 'chat_conversation_closed')
      mustBeOpen(uid)
      await limit(s, uid)
      const m = await s.db.one<MessageRow>(
        `INSERT INTO chat_messages (conversation_id, author, body) VALUES ($1, 'member', $2)
         RETURNING id, author, body, created_at`,
        [c.id, body.body],
      )
      await s.db.query('UPDATE chat_conversations SET updated_at = now() WHERE id = $1', [c.id])
      await bus.publish({ conversation_id: c.id, kind: 'message' })
      return { data: toMessage(m!) }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/chat/conversations/:id/close',
    tag: 'account',
    summary: "End one of the member's conversations.",
    params: ChatParams,
    async handler({ params, uid }) {
      await own(params.id, uid)
      const closed = await s.db.one(
        `UPDATE chat_conversations SET status = 'closed', closed_by = 'member', updated_at = now()
         WHERE id = $1 AND user_id = $2 AND status = 'open' RETURNING id`,
        [params.id, uid],
      )
      if (closed) await bus.publish({ conversation_id: params.id, kind: 'closed' })
      return { success: true }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/chat/conversations/:id/events',
    tag: 'account',
    summary:
      "Server-sent events of one of the member's conversations (text/event-stream): `message` with each new message (its id as the event id), `status` when the conversation is closed; a comment line every staff.chatHeartbeatSeconds. Resumes after `after` or Last-Event-ID.",
    params: ChatParams,
    query: ChatMessagesQuery,
    async handler({ req, reply, params, query, uid }) {
      const c = await own(params.id, uid)
      await bus.start() // listening again after a lost connection
      const stream = eventStream(bus, reply, constants.staff.chatHeartbeatSeconds)
      let last = resumeFrom(req.headers['last-event-id'], query.after)
      let status = c.status
      // one read at a time, in order: every message is sent once
      let chain = Promise.resolve()
      const push = () => {
        chain = chain
          .then(async () => {
            for (const m of await messagesOf(s.db, c.id, last)) {
              stream.send('message', m, m.id)
              last = m.id
            }
            const now = await s.db.one<{ status: 'open' | 'closed' }>(
              'SELECT status FROM chat_conversations WHERE id = $1',
              [c.id],
            )
            if (now && now.status !== status) {
              status = now.status
              stream.send('status', { status })
            }
          })
          .catch(() => {})
      }
      stream.onEnd(bus.subscribe((e) => e.conversation_id === c.id && push()))
      push()
    },
  })

  if (s.mode !== 'production')
    route(app, s, {
      method: 'POST',
      url: '/api/dev/chat/clock',
      tag: 'dev',
      summary:
        "Test mode: judge one member's chat business hours at `at` (an ISO time; null: the real time again). The end-to-end chat spec opens the chat at any hour with it.",
      body: DevChatClock,
      async handler({ body }) {
        const uid = await memberIdByEmail(s.db, body.email)
        const at = body.at === null ? Number.NaN : Date.parse(body.at)
        if (body.at !== null && Number.isNaN(at)) throw fail(422, 'at', 'Not a time.', 'invalid')
        if (body.at === null) clocks.delete(uid)
        else clocks.set(uid, at - Date.now())
        return { success: true }
      },
    })
}
