import type { HttpClient } from '@core'
import type {
  StaffChatConversationReply,
  StaffChatEvent,
  StaffChatListReply,
  StaffChatMessageReply,
} from './contract'

/** The live chat's calls, agent side (server/routes/staff/chat.ts); the staff cookie goes with them (same origin). */
export function chatApi(http: HttpClient) {
  const base = '/api/staff/chat/conversations'
  return {
    list: () => http.get<StaffChatListReply>(base),
    conversation: (id: number) => http.get<StaffChatConversationReply>(`${base}/${id}`),
    take: (id: number) => http.post<StaffChatConversationReply>(`${base}/${id}/take`, {}),
    answer: (id: number, body: string) =>
      http.post<StaffChatMessageReply>(`${base}/${id}/messages`, { body }),
    close: (id: number) => http.post<StaffChatConversationReply>(`${base}/${id}/close`, {}),
  }
}
export type ChatApi = ReturnType<typeof chatApi>

/**
 * Every change of the live chat as it happens (server-sent events; EventSource sends the staff
 * cookie, same origin). `onState` says whether the stream is live; EventSource reconnects by itself.
 * Returns the function that closes it.
 */
export function chatEvents(
  apiBaseUrl: string,
  on: { change: (e: StaffChatEvent) => void; state: (live: boolean) => void },
) {
  if (typeof EventSource === 'undefined') {
    on.state(false)
    return () => {}
  }
  const es = new EventSource(`${apiBaseUrl.replace(/\/$/, '')}/api/staff/chat/events`)
  es.onopen = () => on.state(true)
  es.onerror = () => on.state(false)
  es.addEventListener('changed', (m) => {
    try {
      on.change(JSON.parse((m as MessageEvent<string>).data) as StaffChatEvent)
    } catch {
      // a malformed event is skipped
    }
  })
  return () => es.close()
}
