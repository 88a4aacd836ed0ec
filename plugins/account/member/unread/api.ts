import type { HttpClient } from '@core'
import type { NotificationsReply } from '../../contract'

/**
 * The header's unread count: a module of its own, so the badge shown on every member page (the chunk
 * 'member') does not carry the account pages' other calls (../api.ts).
 */
export async function unreadCount(http: HttpClient): Promise<number> {
  const r = await http.get<Partial<NotificationsReply>>('/api/account/notifications', {
    params: { per_page: 1 },
  })
  return Number(r?.unread) || 0
}
