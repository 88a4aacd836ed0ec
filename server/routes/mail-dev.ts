import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import { memberIdByEmail } from '../lib/member-by-email.ts'
import { sendMemberMail } from '../lib/member-mail.ts'
import { route } from '../lib/route.ts'
import type { Services } from '../services.ts'

/**
 * Test and development modes only (registered when the mode is not production): a sample notice mail of
 * a list to a member, through sendMemberMail like every notice, so a test can follow its unsubscribe link
 * and its one-click header (issue 27).
 */
export async function mailDevRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'POST',
    url: '/api/dev/mail/sample',
    tag: 'dev',
    summary:
      "Test mode only: a sample notice mail of a list (cashback, offers) to the member, in the member's language, with its unsubscribe link and List-Unsubscribe headers.",
    body: z.object({
      email: z.string().check(z.maxLength(254)),
      list: z.enum(['cashback', 'offers']),
    }),
    async handler({ body }) {
      const sent = await sendMemberMail(
        s,
        await memberIdByEmail(s.db, body.email),
        (t, _lng, m) => ({
          to: m.email,
          subject: t('mail-account:sample.subject'),
          body: t('mail-account:sample.body'),
        }),
        { list: body.list },
      )
      return { success: true, sent }
    },
  })
}
