import type { FastifyInstance } from 'fastify'
import { ChatMessageRequest } from '../../../plugins/account/contract.ts'
import {
  StaffChatConversationReply,
  StaffChatListReply,
  StaffChatMessageReply,
  StaffChatParams,
  type StaffChatSummary,
} from '../../../plugins/staff/chat/contract.ts'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import { fail } from '../../lib/http.ts'
import { isoOf, isoOrNull } from '../../lib/present.ts'
import { audit } from '../../lib/staff/audit.ts'
import { chatBusOf, eventStream } from '../../lib/staff/chat-bus.ts'
import { staffRoute } from '../../lib/staff/route.ts'
import type { StaffUser } from '../../lib/staff/session.ts'
import type { Services } from '../../services.ts'

/** The roles that work the live chat (admin passes every check). */
const AGENTS = ['support'] as const
/** The most messages one conversation reply carries. */
const PAGE = 500

type SummaryRow = {
  id: number
  status: 'open' | 'closed'
  user_id: number
  email: string
  name: string | null
  agent_id: number | null
  agent_name: string | null
  created_at: Date
  updated_at: Date
  taken_at: Date | null
  last_member_message: string | null
}

const SUMMARY = `
  SELECT c.id, c.status, c.user_id, u.email, u.name, c.agent_id, a.name AS agent_name, c.created_at,
         c.updated_at, c.taken_at,
         (SELECT left(m.body, 200) FROM chat_messages m
           WHERE m.conversation_id = c.id AND m.author = 'member' ORDER BY m.id DESC LIMIT 1) AS last_member_message
    FROM chat_conversations c JOIN users u ON u.id = c.user_id LEFT JOIN staff a ON a.id = c.agent_id`

const toSummary = (r: SummaryRow): StaffChatSummary => ({
  id: r.id,
  status: r.status,
  member: { id: r.user_id, email: r.email, name: r.name ?? '' },
  agent: r.agent_id === null ? null : { id: r.agent_id, name: r.agent_name ?? '' },
  created_at: isoOf(r.created_at),
  updated_at: isoOf(r.updated_at),
  taken_at: isoOrNull(r.taken_at),
  last_member_message: r.last_member_message,
})

type MessageRow = {
  id: number
  author: 'member' | 'agent' | 'system'
  body: string
  staff_name: string | null
  created_at: Date
}
const MESSAGE = `SELECT m.id, m.author, m.body, s.name AS staff_name, m.created_at
  FROM chat_messages m LEFT JOIN staff s ON s.id = m.staff_id`
const toMessage = (m: MessageRow) => ({ ...m, created_at: isoOf(m.created_at) })

async function conversation(db: Db, id: number) {
  const c = await db.one<SummaryRow>(`${SUMMARY} WHERE c.id = $1`, [id])
  if (!c) throw fail(404, 'id', 'No such conversation.', 'not_found')
  const messages = await db.query<MessageRow>(
    `${MESSAGE} WHERE m.conversation_id = $1 ORDER BY m.id LIMIT ${PAGE}`,
    [id],
  )
  return { ...toSummary(c), messages: messages.map(toMessage) }
}

/** The conversation, open and taken by this agent: else 409 (closed, or another agent's, or not taken). */
async function mine(db: Db, id: number, staff: StaffUser) {
  const c = await db.one<{ status: string; agent_id: number | null }>(
    'SELECT status, agent_id FROM chat_conversations WHERE id = $1 FOR UPDATE',
    [id],
  )
  if (!c) throw fail(404, 'id', 'No such conversation.', 'not_found')
  if (c.status !== 'open') throw fail(409, 'id', 'This conversation has ended.', 'chat_conversation_closed')
  if (c.agent_id !== staff.id)
    throw fail(409, 'id', 'Take this conversation before you answer or close it.', 'chat_not_yours')
}

/**
 * Issue 28, the live chat, agent side: support (and admin) see the waiting conversations, take one
 * (exactly one owner: the UPDATE only matches while agent_id is NULL), answer and close it, each
 * action audited in its transaction; GET /api/staff/chat/events streams every change (server-sent
 * events; EventSource sends the staff cookie). The member's stream is in routes/chat.ts; both hear
 * the bus (lib/staff/chat-bus.ts).
 */
export async function staffChatRoutes(app: FastifyInstance, s: Services) {
  const bus = chatBusOf(s.db)
  await bus.start()
  app.addHook('preClose', async () => bus.close())

  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/chat/conversations',
    tag: 'staff',
    summary: 'The conversations waiting for an agent (oldest first) and the open ones the caller has taken.',
    roles: AGENTS,
    reply: StaffChatListReply,
    async handler({ staff }) {
      const waiting = await s.db.query<SummaryRow>(
        `${SUMMARY} WHERE c.status = 'open' AND c.agent_id IS NULL ORDER BY c.created_at, c.id LIMIT 200`,
      )
      const taken = await s.db.query<SummaryRow>(
        `${SUMMARY} WHERE c.status = 'open' AND c.agent_id = $1 ORDER BY c.taken_at, c.id`,
        [staff.id],
      )
      return { data: { waiting: waiting.map(toSummary), mine: taken.map(toSummary) } }
    },
  })

  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/chat/conversations/:id',
    tag: 'staff',
    summary: 'One conversation with its messages, oldest first.',
    roles: AGENTS,
    params: StaffChatParams,
    reply: StaffChatConversationReply,
    async handler({ params }) {
      return { data: await conversation(s.db, params.id) }
    },
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/chat/conversations/:id/take',
    tag: 'staff',
    summary:
      'Take a waiting conversation: the caller becomes its one agent (audited chat.take). Taking it again is a no-op; 409 chat_taken when another agent has it.',
    roles: AGENTS,
    params: StaffChatParams,
    reply: StaffChatConversationReply,
    replies: { 409: 'Taken by another agent, or ended: { code: "chat_taken" | "chat_conversation_closed" }' },
    async handler({ params, staff }) {
      const took = await s.db.transaction(async (tx) => {
        const row = await tx.one<{ taken_at: Date }>(
          `UPDATE chat_conversations SET agent_id = $2, taken_at = now(), updated_at = now()
            WHERE id = $1 AND status = 'open' AND agent_id IS NULL RETURNING taken_at`,
          [params.id, staff.id],
        )
        if (!row) return false
        await tx.query(
          `INSERT INTO chat_messages (conversation_id, author, body) VALUES ($1, 'system', 'joined')`,
          [params.id],
        )
        await audit(
          tx,
          staff,
          'chat.take',
          `chat:${params.id}`,
          { agent_id: null },
          {
            agent_id: staff.id,
            taken_at: isoOf(row.taken_at),
          },
        )
        return true
      })
      if (took) await bus.publish({ conversation_id: params.id, kind: 'taken' })
      else {
        const c = await s.db.one<{ status: string; agent_id: number | null }>(
          'SELECT status, agent_id FROM chat_conversations WHERE id = $1',
          [params.id],
        )
        if (!c) throw fail(404, 'id', 'No such conversation.', 'not_found')
        if (c.status !== 'open')
          throw fail(409, 'id', 'This conversation has ended.', 'chat_conversation_closed')
        if (c.agent_id !== staff.id)
          throw fail(409, 'id', 'Another agent has taken this conversation.', 'chat_taken')
      }
      return { data: await conversation(s.db, params.id) }
    },
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/chat/conversations/:id/messages',
    tag: 'staff',
    summary: `Answer in a conversation the caller has taken (at most ${constants.chat.messageMaxLength} characters; audited chat.reply). The member sees it at once.`,
    roles: AGENTS,
    params: StaffChatParams,
    body: ChatMessageRequest,
    reply: StaffChatMessageReply,
    bodyLimit: 16 * 1024,
    replies: {
      409: 'Not taken by the caller, or ended: { code: "chat_not_yours" | "chat_conversation_closed" }',
    },
    async handler({ params, body, staff }) {
      const m = await s.db.transaction(async (tx) => {
        await mine(tx, params.id, staff)
        const row = await tx.one<{ id: number; created_at: Date }>(
          `INSERT INTO chat_messages (conversation_id, author, body, staff_id) VALUES ($1, 'agent', $2, $3)
           RETURNING id, created_at`,
          [params.id, body.body, staff.id],
        )
        await tx.query('UPDATE chat_conversations SET updated_at = now() WHERE id = $1', [params.id])
        await audit(tx, staff, 'chat.reply', `chat:${params.id}`, null, {
          message_id: row!.id,
          body: body.body,
        })
        return row!
      })
      await bus.publish({ conversation_id: params.id, kind: 'message' })
      return {
        data: {
          id: m.id,
          author: 'agent' as const,
          body: body.body,
          staff_name: staff.name,
          created_at: isoOf(m.created_at),
        },
      }
    },
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/chat/conversations/:id/close',
    tag: 'staff',
    summary: 'End a conversation the caller has taken (audited chat.close); the member is told.',
    roles: AGENTS,
    params: StaffChatParams,
    reply: StaffChatConversationReply,
    replies: {
      409: 'Not taken by the caller, or ended: { code: "chat_not_yours" | "chat_conversation_closed" }',
    },
    async handler({ params, staff }) {
      await s.db.transaction(async (tx) => {
        await mine(tx, params.id, staff)
        await tx.query(
          `INSERT INTO chat_messages (conversation_id, author, body) VALUES ($1, 'system', 'ended')`,
          [params.id],
        )
        await tx.query(
          `UPDATE chat_conversations SET status = 'closed', closed_by = 'agent', updated_at = now() WHERE id = $1`,
          [params.id],
        )
        await audit(tx, staff, 'chat.close', `chat:${params.id}`, { status: 'open' }, { status: 'closed' })
      })
      await bus.publish({ conversation_id: params.id, kind: 'closed' })
      return { data: await conversation(s.db, params.id) }
    },
  })

  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/chat/events',
    tag: 'staff',
    summary:
      'Server-sent events (text/event-stream) of the live chat: `changed` with { conversation_id, kind: opened | message | taken | closed } for every change; a comment line every staff.chatHeartbeatSeconds.',
    roles: AGENTS,
    async handler({ reply }) {
      await bus.start() // listening again after a lost connection
      const stream = eventStream(bus, reply, constants.staff.chatHeartbeatSeconds)
      stream.onEnd(bus.subscribe((e) => stream.send('changed', e)))
    },
  })
}
