import { constants, int } from '@core/contract'
import { z } from 'zod/mini'

/**
 * API contract of the live chat (SPEC 2.9) on /account/contact, shared with server/routes/chat.ts:
 * a member's conversation stored on the server, its messages, and the business hours it is open.
 */

export const ChatAuthor = z.enum(['member', 'agent', 'system'])
export const ChatMessage = z.object({
  id: z.number(),
  author: ChatAuthor,
  /** A system message is a code the client shows in its language ('welcome'); the others are text. */
  body: z.string(),
  created_at: z.string(),
})
export type ChatMessage = z.infer<typeof ChatMessage>
export const ChatConversation = z.object({
  id: z.number(),
  status: z.enum(['open', 'closed']),
  created_at: z.string(),
  messages: z.array(ChatMessage),
})
export type ChatConversation = z.infer<typeof ChatConversation>
export const ChatConversationReply = z.object({ data: ChatConversation })
/** The member's open conversation, or null when none is open. */
export const ChatCurrentReply = z.object({ data: z.nullable(ChatConversation), open: z.boolean() })
export const ChatParams = z.object({ id: int(1, 2_147_483_647) })
export const ChatMessagesQuery = z.object({ after: z.optional(int(0, 2_147_483_647)) })
export const ChatMessagesReply = z.object({ data: z.array(ChatMessage) })
export const ChatMessageRequest = z.object({
  body: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please write a message.'),
      z.maxLength(constants.chat.messageMaxLength, 'The message is too long.'),
    ),
})
export const ChatMessageReply = z.object({ data: ChatMessage })

export { type ChatHours, chatOpen } from './hours'
