import { int } from '@core/contract'
import { z } from 'zod/mini'

/**
 * The live chat, agent side (issue 28), shared by server/routes/staff/chat.ts and plugins/staff/chat:
 * the conversations waiting for an agent and the agent's own, one conversation with its messages,
 * taking it (one owner), answering and closing it. Live updates come from GET /api/staff/chat/events
 * (server-sent events: `changed` with a StaffChatEvent). An answer's body is checked as the member's
 * messages are (the account plugin's ChatMessageRequest, on the server).
 */

export const StaffChatAuthor = z.enum(['member', 'agent', 'system'])
export type StaffChatAuthor = z.infer<typeof StaffChatAuthor>
export const StaffChatMessage = z.object({
  id: z.number(),
  author: StaffChatAuthor,
  /** A system message is a code ('welcome', 'joined', 'ended'); the others are text. */
  body: z.string(),
  /** The agent who wrote it (agent messages only). */
  staff_name: z.nullable(z.string()),
  created_at: z.string(),
})
export type StaffChatMessage = z.infer<typeof StaffChatMessage>

export const StaffChatSummary = z.object({
  id: z.number(),
  status: z.enum(['open', 'closed']),
  member: z.object({ id: z.number(), email: z.string(), name: z.string() }),
  agent: z.nullable(z.object({ id: z.number(), name: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
  taken_at: z.nullable(z.string()),
  /** The newest message from the member (the start of it), null when the member has not written yet. */
  last_member_message: z.nullable(z.string()),
})
export type StaffChatSummary = z.infer<typeof StaffChatSummary>

/** Waiting: open and not taken, oldest first. Mine: open and taken by the staff member asking. */
export const StaffChatListReply = z.object({
  data: z.object({ waiting: z.array(StaffChatSummary), mine: z.array(StaffChatSummary) }),
})
export type StaffChatListReply = z.infer<typeof StaffChatListReply>

export const StaffChatConversation = z.object({
  ...StaffChatSummary.shape,
  messages: z.array(StaffChatMessage),
})
export type StaffChatConversation = z.infer<typeof StaffChatConversation>
export const StaffChatConversationReply = z.object({ data: StaffChatConversation })
export type StaffChatConversationReply = z.infer<typeof StaffChatConversationReply>

export const StaffChatParams = z.object({ id: int(1, 2_147_483_647) })
export const StaffChatMessageReply = z.object({ data: StaffChatMessage })
export type StaffChatMessageReply = z.infer<typeof StaffChatMessageReply>

/** What changed in a conversation: the data of each `changed` event of the agents' stream. */
export const StaffChatEventKind = z.enum(['opened', 'message', 'taken', 'closed'])
export type StaffChatEventKind = z.infer<typeof StaffChatEventKind>
export const StaffChatEvent = z.object({ conversation_id: z.number(), kind: StaffChatEventKind })
export type StaffChatEvent = z.infer<typeof StaffChatEvent>
