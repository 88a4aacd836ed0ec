import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod/mini'
import {
  CheckSetCookieReply,
  CheckSetCookieRequest,
  ElkQuery,
  eventExtras,
  GetCookieReply,
  GtagClientRequest,
  LoadPixelQuery,
  LoadPixelReply,
  LoadPixelsReply,
  LoadPixelsRequest,
  TrackingEvent,
  TrackingEventBody,
} from '../../plugins/tracking/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { ipCountry } from '../lib/geo.ts'
import { parseCookies } from '../lib/http.ts'
import { route } from '../lib/route.ts'
import type { Services } from '../services.ts'
import { defaultSid } from './auth.ts'

const COOKIE = constants.attributionCookie.name
const LIFE_DAYS = constants.attributionCookie.lifeDays

interface Attribution {
  sid: string
  cid: string
  partner: string
  website: string | null
  url: string | null
  origin: number
}

/** The attribution cookie of the environment served (its prefix only: another environment's is ignored). */
export function readAttribution(req: FastifyRequest, prefix: string): Attribution | undefined {
  const raw = parseCookies(req.headers.cookie)[`${prefix}${COOKIE}`]
  if (raw) {
    try {
      const j = JSON.parse(raw) as Partial<Attribution>
      if (typeof j.sid === 'string' && j.sid.length <= 100) {
        return {
          sid: j.sid,
          cid: typeof j.cid === 'string' ? j.cid.slice(0, 100) : 'homepage',
          partner: typeof j.partner === 'string' ? j.partner.slice(0, 100) : 'organic',
          website: typeof j.website === 'string' ? j.website.slice(0, 200) : null,
          url: typeof j.url === 'string' ? j.url.slice(0, 2000) : null,
          origin: typeof j.origin === 'number' ? j.origin : Date.now(),
        }
      }
    } catch {
      // A cookie that is not ours: start a fresh attribution.
    }
  }
  return undefined
}

function setAttributionCookie(reply: FastifyReply, prefix: string, a: Attribution, secure: boolean) {
  const v = encodeURIComponent(JSON.stringify(a))
  reply.header(
    'Set-Cookie',
    `${prefix}${COOKIE}=${v}; Path=/; Max-Age=${LIFE_DAYS * 86400}; SameSite=Lax${secure ? '; Secure' : ''}`,
  )
}

/** Scripts with placeholders {transaction_id}, {email_hash}, {email} filled by the client. */
async function scripts(s: Services, type: string, partner: string | undefined) {
  const rows = await s.db.query<{ script: string }>(
    `SELECT script FROM pixels WHERE active AND pixel_type = $1 AND (partner = '*' OR partner = $2) ORDER BY id`,
    [type, partner ?? 'organic'],
  )
  return rows.map((r) => r.script)
}

export async function trackingRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'POST',
    url: '/api/get-cookie',
    tag: 'tracking',
    summary: "The visitor's attribution (from the sm_landers cookie or the defaults), sid and country.",
    auth: 'optional',
    reply: GetCookieReply,
    handler({ req, user }) {
      const a = readAttribution(req, s.cookiePrefix) ?? {
        sid: defaultSid(),
        cid: 'homepage',
        partner: 'organic',
        website: null,
        url: null,
        origin: Date.now(),
      }
      return {
        success: true,
        data: { attribution: a, sid: a.sid, country_code: user?.row.country_code ?? ipCountry(req, s) },
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/check-set-cookie',
    tag: 'tracking',
    summary: `Record a landing visit and set the attribution cookie (${constants.attributionCookie.lifeDays} days).`,
    auth: 'optional',
    body: CheckSetCookieRequest,
    reply: CheckSetCookieReply,
    async handler({ req, reply, body, user }) {
      const prev = readAttribution(req, s.cookiePrefix)
      const a: Attribution = {
        sid: body.sid || prev?.sid || defaultSid(),
        cid: body.cid || prev?.cid || 'homepage',
        partner: body.partner || prev?.partner || 'organic',
        website: body.website ?? prev?.website ?? null,
        url: body.url ?? prev?.url ?? null,
        origin: body.sid && body.sid !== prev?.sid ? Date.now() : (prev?.origin ?? Date.now()),
      }
      await s.db.query(
        'INSERT INTO visits (sid, cid, partner, website, url, country_code, user_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [a.sid, a.cid, a.partner, a.website, a.url, ipCountry(req, s), user?.row.id ?? null],
      )
      setAttributionCookie(reply, s.cookiePrefix, a, req.protocol === 'https')
      return { success: true, data: { attribution: a } }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/elk',
    tag: 'tracking',
    summary:
      'Record a tracking event (beacon; JSON or text/plain JSON). Besides the spec fields, up to 20 of its own with plain values (a lander funnel: lander, step, block).',
    auth: 'optional',
    query: ElkQuery,
    body: z.optional(z.nullable(TrackingEventBody)),
    replies: { 204: 'Recorded' },
    async handler({ reply, query, body, user }) {
      // the spec's fields as checked, then the event's own (bounded), never replacing the spec's
      const known = body ? TrackingEvent.parse(body) : {}
      const payload = body ? { ...eventExtras(body), ...known } : {}
      await s.db.query('INSERT INTO events (action, user_id, payload) VALUES ($1, $2, $3::jsonb)', [
        query.action,
        user?.row.id ?? null,
        JSON.stringify(payload),
      ])
      return reply.code(204).send()
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/landers/load-pixel',
    tag: 'tracking',
    summary: 'Registration and conversion scripts for a lander (the client caches registration for 7 days).',
    query: LoadPixelQuery,
    reply: LoadPixelReply,
    async handler({ query }) {
      return {
        success: true,
        registration: await scripts(s, 'registration', query.partner),
        conversion: await scripts(s, 'conversion', query.partner),
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/load-pixels',
    tag: 'tracking',
    summary: 'Global-delayed and conversion scripts (form or JSON body; pixelTypes picks which).',
    body: LoadPixelsRequest,
    reply: LoadPixelsReply,
    async handler({ body }) {
      const t = body.pixelTypes ?? ['conversion', 'globaldelayed']
      const types: string[] = Array.isArray(t) ? t : [t]
      return {
        success: true,
        globaldelayed: types.includes('globaldelayed') ? await scripts(s, 'globaldelayed', body.partner) : [],
        conversion: types.includes('conversion') ? await scripts(s, 'conversion', body.partner) : [],
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/saveGtagClientId',
    tag: 'tracking',
    summary:
      "Link the analytics tag's client id to the signed-in member (beacon; bearer or login cookie). The member is the session's, never the body's user_id; without a session nothing is written (still 204).",
    auth: 'optional',
    cookieAuth: true,
    body: GtagClientRequest,
    replies: { 204: 'Stored, or nothing to store' },
    async handler({ reply, body, user }) {
      if (user)
        await s.db.query(
          'INSERT INTO gtag_clients (user_id, client_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [user.row.id, body.client_id],
        )
      return reply.code(204).send()
    },
  })
}
