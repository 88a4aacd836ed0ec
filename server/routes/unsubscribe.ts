import type { FastifyInstance } from 'fastify'
import { UnsubscribeReply, UnsubscribeRequest } from '../../plugins/legal/contract.ts'
import { fail } from '../lib/http.ts'
import { route } from '../lib/route.ts'
import { UNSUB_LISTS, unsubMember, unsubSecret } from '../lib/unsubscribe.ts'
import type { Services } from '../services.ts'

/**
 * The unsubscribe link of a mail (issue 26): /unsub/cashback?token=… is the legal plugin's page, which
 * posts the token here; a right token turns the cash back mails (users.settings.email_rebates) off for
 * the member it names, without a sign-in. Posting, not a GET, so a mail scanner opening the link
 * unsubscribes no one; the token travels in the body, never in a logged URL.
 */
export async function unsubscribeRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'POST',
    url: '/api/unsubscribe',
    tag: 'account',
    summary: "Turn a list of mails off with the token of a mail's unsubscribe link (no sign-in).",
    body: UnsubscribeRequest,
    reply: UnsubscribeReply,
    async handler({ body }) {
      const list = 'cashback' as const
      const id = unsubMember(await unsubSecret(s.db), list, body.token)
      if (id === null) throw fail(400, 'token', 'This unsubscribe link is not valid.', 'bad_token')
      await s.db.query(
        `UPDATE users SET settings = settings || jsonb_build_object($2::text, false) WHERE id = $1`,
        [id, UNSUB_LISTS[list]],
      )
      s.sessions.forget(id)
      return { success: true, list }
    },
  })
}
