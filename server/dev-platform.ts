import type { FastifyInstance, FastifyReply } from 'fastify'
import { newAttemptId, sign } from './lib/coins.ts'
import { absentPages, callSelf, devPage, esc } from './lib/dev-page.ts'
import type { Services } from './services.ts'

/**
 * The development survey and offer platform (config/coins.json, `development: true`): it stands in for
 * an outside partner so the whole coins loop runs on one machine. Its pages are plain server-rendered
 * HTML in English on purpose: they are "another site", not a screen of the app (which is translated).
 * Completing or screening out calls this server's own postback URL over HTTP with a correct signature,
 * about a second later, the way a real platform does; the member is sent back to the app at once and
 * sees "pending" until the postback lands.
 */
export async function devPlatformRoutes(app: FastifyInstance, s: Services, opts: { delayMs: number }) {
  const id = s.platforms.dev
  const p = id ? s.platforms.get(id) : undefined
  const secret = id ? s.platforms.secret(id) : undefined
  if (!id || !p || !secret) return

  interface Row {
    id: string
    status: string
    survey_id: number | null
    offer_id: number | null
    title: string
    coins: number
    minutes: number | null
    description: string | null
  }
  const attemptOf = (attemptId: string, kind: 'survey' | 'offer') =>
    s.db.one<Row>(
      `SELECT a.id, a.status, a.survey_id, a.offer_id, COALESCE(sv.title, o.display_name) AS title,
         COALESCE(sv.coins_advertised, o.coins_advertised) AS coins, sv.minutes, o.display_description AS description
       FROM coin_attempts a LEFT JOIN surveys sv ON sv.id = a.survey_id LEFT JOIN offers o ON o.id = a.offer_id
       WHERE a.id = $1 AND a.platform = $2 AND ${kind === 'survey' ? 'a.survey_id' : 'a.offer_id'} IS NOT NULL`,
      [attemptId, id],
    )

  function page(reply: FastifyReply, status: number, title: string, body: string) {
    return devPage(reply, {
      status,
      title,
      site: p!.label,
      banner: `${p!.label}: a stand-in for an outside survey partner; no partner pays these coins.`,
      css: 'fieldset{border:1px solid #888;border-radius:6px;margin:1rem 0}',
      body,
    })
  }

  /** This server's own postback URL, called over HTTP like a partner does (inject when not listening: tests). */
  async function deliver(params: Record<string, string>) {
    const query = new URLSearchParams({
      ...params,
      [p!.params.signature]: sign(params, p!.params.signature, secret!),
    })
    const path = `/api/postback/${id}?${query}`
    return callSelf(app, path)
  }
  function later(attemptId: string, params: Record<string, string>) {
    setTimeout(() => {
      deliver(params)
        .then((status) => app.log.info({ status, platform: id }, 'development platform postback sent'))
        .catch((err) => app.log.error({ err }, 'development platform postback failed'))
        .finally(() => submitted.delete(attemptId))
    }, opts.delayMs).unref?.()
  }

  /** Attempts submitted on this page (their postback may not have landed yet). */
  const submitted = new Set<string>()
  const done = (a: Row, kind: string) =>
    `<h1>${esc(a.title)}</h1><p>This ${kind} is already finished${a.status === 'started' ? '' : ` (${esc(a.status.replace('_', ' '))})`}. There is nothing more to do here.</p>`

  for (const kind of ['survey', 'offer'] as const) {
    app.get<{ Params: { attempt_id: string } }>(`/dev-platform/${kind}/:attempt_id`, async (req, reply) => {
      const a = await attemptOf(req.params.attempt_id, kind)
      if (!a) return page(reply, 404, 'Not found', `<h1>Not found</h1><p>There is no such ${kind} here.</p>`)
      if (a.status !== 'started' || submitted.has(a.id)) return page(reply, 200, a.title, done(a, kind))
      const action = `/dev-platform/${kind}/${encodeURIComponent(a.id)}`
      if (kind === 'survey')
        return page(
          reply,
          200,
          a.title,
          `<h1>${esc(a.title)}</h1>
<p>${a.coins} coins, about ${a.minutes ?? 1} minutes.</p>
<form method="post" action="${action}">
<fieldset><legend>Do you shop online at least once a month?</legend>
<label><input type="radio" name="shops_online" value="yes" checked> Yes</label>
<label><input type="radio" name="shops_online" value="no"> No</label></fieldset>
<button class="primary" type="submit" name="action" value="complete">Complete the survey</button>
<button type="submit" name="action" value="screenout">Screen me out</button>
</form>`,
        )
      return page(
        reply,
        200,
        a.title,
        `<h1>${esc(a.title)}</h1><p>${esc(a.description ?? '')}</p><p>${a.coins} coins.</p>
<form method="post" action="${action}">
<button class="primary" type="submit" name="action" value="complete">Complete the offer</button>
</form>`,
      )
    })

    app.post<{ Params: { attempt_id: string }; Body: unknown }>(
      `/dev-platform/${kind}/:attempt_id`,
      async (req, reply) => {
        const a = await attemptOf(req.params.attempt_id, kind)
        if (!a)
          return page(reply, 404, 'Not found', `<h1>Not found</h1><p>There is no such ${kind} here.</p>`)
        // finished, or submitted a moment ago (its postback is on the way): once only
        if (a.status !== 'started' || submitted.has(a.id)) return page(reply, 409, a.title, done(a, kind))
        submitted.add(a.id)
        const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>
        // the qualifying question: "No" screens the member out, like a real survey would
        const screenout = kind === 'survey' && (body.action === 'screenout' || body.shops_online === 'no')
        const n = p.params
        later(a.id, {
          [n.attempt]: a.id,
          [n.transaction]: `dev-${newAttemptId()}`,
          [n.amount]: String(screenout ? 0 : a.coins),
          [n.status]: screenout ? 'screenout' : 'complete',
        })
        const to =
          kind === 'survey'
            ? `/survey/${id}/complete?attempt=${encodeURIComponent(a.id)}`
            : `/coins/offer/${a.offer_id}?attempt=${encodeURIComponent(a.id)}&platform=${id}`
        return reply.code(303).header('Location', to).send()
      },
    )
  }
}

/**
 * Without the development platform its pages are absent: 404, not the SPA. The same URLs are
 * registered, so the route table does not depend on it.
 */
export function devPlatformAbsent(app: FastifyInstance) {
  absentPages(
    app,
    (['survey', 'offer'] as const).flatMap((kind) => [
      ['GET', `/dev-platform/${kind}/:attempt_id`] as const,
      ['POST', `/dev-platform/${kind}/:attempt_id`] as const,
    ]),
  )
}
