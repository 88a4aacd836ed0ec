import type { FastifyInstance } from 'fastify'
import {
  CampaignParams,
  OfferParams,
  OfferReply,
  OfferStartReply,
  OffersQuery,
  OffersReply,
  OfferVisitRequest,
  OnboardingSurveyReply,
  SurveyParams,
  SurveysReply,
} from '../../plugins/coins/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { fail } from '../lib/http.ts'
import { paged } from '../lib/present.ts'
import { route } from '../lib/route.ts'
import type { SessionUser } from '../lib/session.ts'
import type { Services } from '../services.ts'

interface OfferRow {
  id: number
  offer_type: string
  offer_code: string | null
  offer_description: string
  display_name: string
  display_description: string
  image: string
  coins_advertised: number
  click_url: string
  for_ios: number
  app_container: string | null
  campaign: string | null
  store_name: string | null
  store_logo: string | null
  internal_name: string | null
  redirect_url: string | null
}
const OFFER_SQL = `SELECT o.id, o.offer_type, o.offer_code, o.offer_description, o.display_name, o.display_description,
  o.image, o.coins_advertised, o.click_url, o.for_ios, o.app_container, o.campaign,
  s.name AS store_name, s.logo AS store_logo, s.internal_name, s.redirect_url
  FROM offers o LEFT JOIN stores s ON s.id = o.store_id`

function toOffer(r: OfferRow) {
  return {
    offer_id: r.id,
    offer_type: r.offer_type,
    offer_code: r.offer_code,
    offer_description: r.offer_description,
    merchant_name: r.store_name,
    merchant_logo_url: r.store_logo,
    merchant_internal_name: r.internal_name,
    redirect_url: r.redirect_url ?? r.click_url,
    display_name: r.display_name,
    display_description: r.display_description,
    image_url: r.image,
    coins_advertised: r.coins_advertised,
    click_url: r.click_url,
    for_ios: r.for_ios,
    app_container: r.app_container,
    campaign: r.campaign,
  }
}

/** SPEC 4 gating: offers and surveys need a verified email. */
function requireVerified(user: SessionUser) {
  if (!user.row.is_verified) throw fail(403, 'email', 'Please verify your email', 'email_unverified')
}

export async function coinsRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'GET',
    url: '/api/offers',
    tag: 'coins',
    summary: 'Active offers, by type (coupon, APP, GAME, CASHBACK); paged.',
    query: OffersQuery,
    reply: OffersReply,
    async handler({ query }) {
      const key = `offers:${JSON.stringify(query)}`
      const hit = s.listCache.get(key)
      if (hit) return hit
      const page = query.page ?? 1
      const per = query.per_page ?? 24
      const rows = await s.db.query<OfferRow & { total: number }>(
        `${OFFER_SQL.replace('SELECT', 'SELECT count(*) OVER ()::int AS total,')}
         WHERE o.active AND ($1::text IS NULL OR o.offer_type = $1::text)
         ORDER BY o.popularity DESC, o.id LIMIT ${per} OFFSET ${(page - 1) * per}`,
        [query.type ?? null],
      )
      const out = paged(rows.map(toOffer), page, per, rows[0]?.total ?? 0)
      s.listCache.set(key, out)
      return out
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/offers/incomplete',
    tag: 'coins',
    summary: 'Coin offers the member opened but has not completed (/offer/incompleteCoinOffers).',
    auth: 'required',
    reply: OffersReply,
    async handler({ user }) {
      const rows = await s.db.query<OfferRow>(
        `${OFFER_SQL} WHERE o.offer_type IN ('APP', 'GAME') AND o.id IN (SELECT offer_id FROM offer_visits WHERE user_id = $1)
         AND NOT EXISTS (SELECT 1 FROM ledger l WHERE l.source_ref = 'offer:' || $1 || ':' || o.id)
         ORDER BY o.id LIMIT $2`,
        [user!.row.id, constants.offersRemembered],
      )
      return paged(rows.map(toOffer), 1, constants.offersRemembered, rows.length)
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/offers/:offer_id',
    tag: 'coins',
    summary: 'One offer (/coins/offer/{offer}, /cashback/offer/{offer}).',
    params: OfferParams,
    reply: OfferReply,
    async handler({ params }) {
      const r = await s.db.one<OfferRow>(`${OFFER_SQL} WHERE o.id = $1`, [params.offer_id])
      if (!r) throw fail(404, 'offer_id', 'Not found')
      return { data: toOffer(r) }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/campaigns/:campaign',
    tag: 'coins',
    summary: 'The offer of a cash-back campaign (/cashback/campaign/{campaign}).',
    params: CampaignParams,
    reply: OfferReply,
    async handler({ params }) {
      const r = await s.db.one<OfferRow>(`${OFFER_SQL} WHERE o.campaign = $1`, [params.campaign])
      if (!r) throw fail(404, 'campaign', 'Not found')
      return { data: toOffer(r) }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/offers/:offer_id/start',
    tag: 'coins',
    summary: 'Start an offer: needs sign-in and a verified email (403 "Please verify your email").',
    auth: 'required',
    params: OfferParams,
    reply: OfferStartReply,
    async handler({ params, user }) {
      requireVerified(user!)
      const r = await s.db.one<{ click_url: string }>(
        'SELECT click_url FROM offers WHERE id = $1 AND active',
        [params.offer_id],
      )
      if (!r) throw fail(404, 'offer_id', 'Not found')
      await s.db.query('INSERT INTO offer_visits (user_id, offer_id) VALUES ($1, $2)', [
        user!.row.id,
        params.offer_id,
      ])
      const sep = r.click_url.includes('?') ? '&' : '?'
      return { data: { click_url: `${r.click_url}${sep}subid=${user!.row.id}` } }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/user/offer/visit/:offer_id',
    tag: 'coins',
    summary: 'Record that an offer was opened (beacon).',
    auth: 'optional',
    params: OfferParams,
    body: OfferVisitRequest,
    replies: { 204: 'Recorded' },
    async handler({ reply, params, user }) {
      await s.db.query(
        'INSERT INTO offer_visits (user_id, offer_id) SELECT $1, id FROM offers WHERE id = $2',
        [user?.row.id ?? null, params.offer_id],
      )
      return reply.code(204).send()
    },
  })

  async function onboarding() {
    return (await s.db.one<{ id: number; coins_advertised: number; minutes: number; click_url: string }>(
      'SELECT id, coins_advertised, minutes, click_url FROM surveys WHERE is_onboarding ORDER BY id LIMIT 1',
    ))!
  }

  route(app, s, {
    method: 'GET',
    url: '/api/user/survey/list/onboarding',
    tag: 'coins',
    summary: "The onboarding survey, or 'completed'.",
    auth: 'required',
    reply: OnboardingSurveyReply,
    async handler({ user }) {
      if (user!.row.coin_onboarding) return { data: 'completed' }
      const o = await onboarding()
      return {
        data: {
          coins_advertised: o.coins_advertised,
          survey_estimated_time_in_mins: o.minutes,
          click_url: `/api/surveys/${o.id}/start`,
        },
      }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/surveys',
    tag: 'coins',
    summary:
      'Surveys with coins, minutes, coins per minute and screen-out rate; locked until onboarding is done.',
    auth: 'optional',
    reply: SurveysReply,
    async handler({ user }) {
      const done = !!user?.row.coin_onboarding
      const rows = await s.db.query<{
        id: number
        platform: string
        title: string
        coins_advertised: number
        minutes: number
        screen_out_percent: number
        is_onboarding: boolean
      }>(
        'SELECT id, platform, title, coins_advertised, minutes, screen_out_percent, is_onboarding FROM surveys ORDER BY is_onboarding DESC, id',
      )
      return {
        onboarding_completed: done,
        data: rows
          .filter((r) => !(done && r.is_onboarding))
          .map((r) => ({
            id: r.id,
            platform: r.platform,
            title: r.title,
            coins_advertised: r.coins_advertised,
            survey_estimated_time_in_mins: r.minutes,
            coins_per_minute: Math.round((r.coins_advertised / r.minutes) * 10) / 10,
            screen_out_percent: r.screen_out_percent,
            screen_out_from_history: false,
            locked: !r.is_onboarding && !done,
            is_onboarding: r.is_onboarding,
            needs_phone: false,
            has_targeting: false,
            done: false,
          })),
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/surveys/:survey_id/start',
    tag: 'coins',
    summary: 'Start a survey: verified email needed; other surveys need the onboarding survey first.',
    auth: 'required',
    params: SurveyParams,
    reply: OfferStartReply,
    async handler({ params, user }) {
      requireVerified(user!)
      const r = await s.db.one<{ click_url: string; is_onboarding: boolean }>(
        'SELECT click_url, is_onboarding FROM surveys WHERE id = $1',
        [params.survey_id],
      )
      if (!r) throw fail(404, 'survey_id', 'Not found')
      if (!r.is_onboarding && !user!.row.coin_onboarding) {
        throw fail(403, 'survey', 'Please complete the onboarding survey first.', 'onboarding_required')
      }
      const sep = r.click_url.includes('?') ? '&' : '?'
      return { data: { click_url: `${r.click_url}${sep}subid=${user!.row.id}&survey=${params.survey_id}` } }
    },
  })
}
