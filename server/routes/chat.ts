import type { FastifyInstance } from 'fastify'
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
import { isoOf } from '../lib/present.ts'
import { hit } from '../lib/ratelimit.ts'
import { route } from '../lib/route.ts'
import type { Services } from '../services.ts'

/** The most messages one reply carries (a conversation longer than this pages with `after`). */
const PAGE = 200

type MessageRow = { id: number; author: 'member'; body: string; created_at: Date }
type ConversationRow = { id: number; status: 'open'; created_at: Date }
const toMessage = (m: MessageRow) => ({ ...m, created_at: isoOf(m.created_at) })

async function messagesOf(db: Db, conversationId: number, after = 0) {
  const rows = await db.query<MessageRow>(
    `SELECT id, author, body, created_at FROM chat_messages WHERE conversation_id = $1 AND id > $2
     ORDER BY id LIMIT ${PAGE}`,
    [conversationId, after],
  )
  return rows.map(toMessage)
}

/** Outside business hours nothing is started or sent: the client shows the message form instead. */
function mustBeOpen() {
  if (!chatOpen(new Date())) throw fail(409, 'chat', 'The live chat is closed now.', 'chat_closed')
}

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
  async function own(id: number, uid: number) {
    const c = await s.db.one<ConversationRow>(
      'SELECT id, status, created_at FROM chat_conversations WHERE id = $1 AND user_id = $2',
      [id, uid],
    )
    if (!c) throw fail(404, 'id', 'No such conversation.', 'not_found')
    return c
  }

  route(app, s, {
    method: 'GET',
    url: '/api/chat/conversations/current',
    tag: 'account',
    summary: "The member's open chat conversation (null when none) and whether the chat is open now.",
    auth: 'required',
    reply: ChatCurrentReply,
    async handler({ user }) {
      const c = await s.db.one<ConversationRow>(
        `SELECT id, status, created_at FROM chat_conversations WHERE user_id = $1 AND status = 'open'`,
        [user!.row.id],
      )
      return {
        open: chatOpen(new Date()),
        data: c ? { ...c, created_at: isoOf(c.created_at), messages: await messagesOf(s.db, c.id) } : null,
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/chat/conversations',
    tag: 'account',
    summary:
      'Start a chat conversation, or get the open one (one per member). 409 chat_closed outside business hours.',
    auth: 'required',
    reply: ChatConversationReply,
    replies: {
      409: 'Outside business hours: { code: "chat_closed" }',
      429: 'Too many: { code: "rate_limited" }',
    },
    async handler({ user }) {
      const uid = user!.row.id
      mustBeOpen()
      await limit(s, uid)
      const c = await s.db.transaction(async (tx) => {
        const made = await tx.one<ConversationRow>(
          `INSERT INTO chat_conversations (user_id) VALUES ($1)
           ON CONFLICT (user_id) WHERE status = 'open' DO NOTHING RETURNING id, status, created_at`,
          [uid],
        )
        if (made) {
          await tx.query(
            `INSERT INTO chat_messages (conversation_id, author, body) VALUES ($1, 'system', 'welcome')`,
            [made.id],
          )
          return made
        }
        return (await tx.one<ConversationRow>(
          `SELECT id, status, created_at FROM chat_conversations WHERE user_id = $1 AND status = 'open'`,
          [uid],
        ))!
      })
      return { data: { ...c, created_at: isoOf(c.created_at), messages: await messagesOf(s.db, c.id) } }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/chat/conversations/:id/messages',
    tag: 'account',
    summary: "Messages of one of the member's conversations, oldest first, after the id given (polling).",
    auth: 'required',
    params: ChatParams,
    query: ChatMessagesQuery,
    reply: ChatMessagesReply,
    async handler({ params, query, user }) {
      await own(params.id, user!.row.id)
      return { data: await messagesOf(s.db, params.id, query.after ?? 0) }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/chat/conversations/:id/messages',
    tag: 'account',
    summary: `Post a message (at most ${constants.chat.messageMaxLength} characters, ${constants.chat.messagesPerMinute} a minute) to the member's open conversation.`,
    auth: 'required',
    params: ChatParams,
    body: ChatMessageRequest,
    reply: ChatMessageReply,
    bodyLimit: 16 * 1024,
    async handler({ params, body, user }) {
      const uid = user!.row.id
      const c = await own(params.id, uid)
      if (c.status !== 'open')
        throw fail(409, 'id', 'This conversation has ended. Start a new one.', 'chat_conversation_closed')
      mustBeOpen()
      await limit(s, uid)
      const m = await s.db.one<MessageRow>(
        `INSERT INTO chat_messages (conversation_id, author, body) VALUES ($1, 'member', $2)
         RETURNING id, author, body, created_at`,
        [c.id, body.body],
      )
      await s.db.query('UPDATE chat_conversations SET updated_at = now() WHERE id = $1', [c.id])
      return { data: toMessage(m!) }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/chat/conversations/:id/close',
    tag: 'account',
    summary: "End one of the member's conversations.",
    auth: 'required',
    params: ChatParams,
    async handler({ params, user }) {
      await own(params.id, user!.row.id)
      await s.db.query(
        `UPDATE chat_conversations SET status = 'closed', updated_at = now() WHERE id = $1 AND user_id = $2`,
        [params.id, user!.row.id],
      )
      return { success: true }
    },
  })
}
