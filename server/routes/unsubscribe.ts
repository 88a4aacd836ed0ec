import type { FastifyInstance } from 'fastify'
import { OneClickQuery, UnsubscribeReply, UnsubscribeRequest } from '../../plugins/legal/contract.ts'
import { fail } from '../lib/http.ts'
import { route } from '../lib/route.ts'
import { leaveList, type UnsubVia, unsubSecret, unsubTarget } from '../lib/unsubscribe.ts'
import type { Services } from '../services.ts'

/** The largest one-click body a mail app sends (`List-Unsubscribe=One-Click`, urlencoded or multipart). */
const ONE_CLICK_BODY_LIMIT = 2048

/**
 * The unsubscribe link of a mail (issues 26, 27): /unsub/<list>?token=… (or /un?token=… for all) is the
 * legal plugin's page, which posts the token here; a right token turns that list of mails off for the
 * member it names, without a sign-in, and notes when and how (the settings page shows it). Posting, not a
 * GET, so a mail scanner opening the link unsubscribes no one; the token travels in the body, never in a
 * logged URL.
 *
 * RFC 8058 one-click: the List-Unsubscribe header of a notice mail names
 * /api/unsubscribe/one-click?token=…, which a mail app POSTs with the body `List-Unsubscribe=One-Click`
 * (urlencoded or multipart/form-data), with no cookie and no sign-in. Its query's token is redacted from
 * the request log (lib/log-redact.ts: `token`).
 */
export async function unsubscribeRoutes(app: FastifyInstance, s: Services) {
  const act = async (token: string, via: UnsubVia) => {
    const target = unsubTarget(await unsubSecret(s.db), token)
    if (!target) throw fail(400, 'token', 'This unsubscribe link is not valid.', 'bad_token')
    await leaveList(s.db, target.userId, target.list, via)
    s.sessions.forget(target.userId)
    return { success: true, list: target.list }
  }

  route(app, s, {
    method: 'POST',
    url: '/api/unsubscribe',
    tag: 'account',
    summary: "Turn a list of mails off with the token of a mail's unsubscribe link (no sign-in).",
    body: UnsubscribeRequest,
    reply: UnsubscribeReply,
    handler: ({ body }) => act(body.token, 'link'),
  })

  await app.register(async (child) => {
    // a receiver may post the one field as multipart/form-data (RFC 8058 section 3.1): read it here only
    if (!child.hasContentTypeParser('multipart/form-data'))
      child.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (req, body, done) =>
        done(null, multipartFields(String(body), String(req.headers['content-type'] ?? ''))),
      )
    route(child, s, {
      method: 'POST',
      url: '/api/unsubscribe/one-click',
      tag: 'account',
      summary:
        'RFC 8058 one-click unsubscribe (the List-Unsubscribe header of a notice mail): the body List-Unsubscribe=One-Click turns the list of the token off, without a sign-in.',
      query: OneClickQuery,
      reply: UnsubscribeReply,
      bodyLimit: ONE_CLICK_BODY_LIMIT,
      async handler({ req, query }) {
        const field = (req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe']
        if (field !== 'One-Click')
          throw fail(400, 'List-Unsubscribe', 'The body must be List-Unsubscribe=One-Click.', 'bad_body')
        return act(query.token ?? '', 'one_click')
      },
    })
  })
}

/** The text fields of a small multipart/form-data body (no files). */
export function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  const b = boundary?.[1] ?? boundary?.[2]
  const out: Record<string, string> = {}
  if (!b) return out
  for (const part of body.split(`--${b}`)) {
    const split = part.indexOf('\r\n\r\n')
    if (split < 0) continue
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1]
    if (name !== undefined) out[name] = part.slice(split + 4).replace(/\r\n$/, '')
  }
  return out
}
