import { constants, int, listReply } from '@core/contract'
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
export type ChatConversationReply = z.infer<typeof ChatConversationReply>
/** The member's open conversation, or null when none is open. */
export const ChatCurrentReply = z.object({ data: z.nullable(ChatConversation), open: z.boolean() })
export type ChatCurrentReply = z.infer<typeof ChatCurrentReply>
export const ChatParams = z.object({ id: int(1, 2_147_483_647) })
export const ChatMessagesQuery = z.object({ after: z.optional(int(0, 2_147_483_647)) })
export const ChatMessagesReply = listReply(ChatMessage)
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
export type ChatMessageReply = z.infer<typeof ChatMessageReply>

/** Business hours as config/constants.json gives them. */
export type ChatHours = Pick<typeof constants.chat, 'timeZone' | 'days' | 'openHour' | 'closeHour'>

/** The weekday (0 = Sunday) and hour of `at` in the hours' time zone. */
function zoned(at: Date, timeZone: string): { day: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at)
  const wd = parts.find((p) => p.type === 'weekday')?.value ?? 'Sun'
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0)
  return { day: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(wd), hour }
}

/** Whether the live chat is open at `at` (the client and the server ask the same function). */
export function chatOpen(at: Date = new Date(), hours: ChatHours = constants.chat): boolean {
  const { day, hour } = zoned(at, hours.timeZone)
  return hours.days.includes(day) && hour >= hours.openHour && hour < hours.closeHour
}
