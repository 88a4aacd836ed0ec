import type { FastifyInstance } from 'fastify'
import {
  AttemptQuery,
  AttemptReply,
  type AttemptStatus,
  CampaignParams,
  type Offer,
  OfferParams,
  OfferReply,
  OfferStartReply,
  OffersQuery,
  OffersReply,
  OfferVisitRequest,
  OnboardingSurveyReply,
  StartReply,
  StartRequest,
  SurveyParams,
  SurveyReply,
  SurveysReply,
} from '../../plugins/coins/contract.ts'
import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import { recordClick } from '../lib/clicks.ts'
import { clickUrlFor, newAttemptId, type SurveyRow, surveyNeed, surveysSql, toSurvey } from '../lib/coins.ts'
import { fail } from '../lib/http.ts'
import { sumsOf } from '../lib/ledger.ts'
import { paged, readPage, TOTAL_COL } from '../lib/present.ts'
import { memberRoute, route } from '../lib/route.ts'
import type { SessionUser } from '../lib/session.ts'
import type { Services } from '../services.ts'
import { readAttribution } from './tracking.ts'

/** An offer as the API shows it, read as such (a store's tracking link, else the offer's own). */
const OFFER_SQL = `SELECT o.id AS offer_id, o.offer_type, o.offer_code, o.offer_description,
  s.name AS merchant_name, s.logo AS merchant_logo_url, s.internal_name AS merchant_internal_name,
  COALESCE(s.redirect_url, o.click_url) AS redirect_url, o.display_name, o.display_description,
  o.image AS image_url, o.coins_advertised, o.click_url, o.for_ios, o.app_container, o.campaign
  FROM offers o LEFT JOIN stores s ON s.id = o.store_id`

/** `{ data }`: the offer whose column `col` is `value`; 404 on `field` when there is none. */
async function offerWhere(db: Db, col: 'o.id' | 'o.campaign', value: unknown, field: string) {
  const data = await db.one<Offer>(`${OFFER_SQL} WHERE ${col} = $1`, [value])
  if (!data) throw fail(404, field, 'Not found')
  return { data }
}

const unavailable = () =>
  fail(503, 'platform', 'This survey partner is not available right now.', 'platform_unavailable')

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
    handler: ({ query }) =>
      s.listCache.through(`offers:${JSON.stringify(query)}`, () =>
        readPage(
          s.db,
          query,
          `${OFFER_SQL.replace('SELECT', `SELECT ${TOTAL_COL},`)}
           WHERE o.active AND ($1::text IS NULL OR o.offer_type = $1::text)
           ORDER BY o.popularity DESC, o.id`,
          [query.type ?? null],
          (r: Offer) => r,
          24,
        ),
      ),
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/offers/incomplete',
    tag: 'coins',
    summary:
      'Coin offers the member started and has not completed, newest first (/offer/incompleteCoinOffers).',
    reply: OffersReply,
    async handler({ uid }) {
      const rows = await s.db.query<Offer>(
        `${OFFER_SQL} JOIN (SELECT offer_id, max(created_at) AS at FROM coin_attempts
             WHERE user_id = $1 AND offer_id IS NOT NULL GROUP BY offer_id
             HAVING bool_and(status = 'started')) a ON a.offer_id = o.id
         WHERE o.offer_type IN ('APP', 'GAME') ORDER BY a.at DESC, o.id LIMIT $2`,
        [uid, constants.offersRemembered],
      )
      return paged(rows, 1, constants.offersRemembered, rows.length)
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/offers/:offer_id',
    tag: 'coins',
    summary: 'One offer (/coins/offer/{offer}, /cashback/offer/{offer}).',
    params: OfferParams,
    reply: OfferReply,
    handler: ({ params }) => offerWhere(s.db, 'o.id', params.offer_id, 'offer_id'),
  })

  route(app, s, {
    method: 'GET',
    url: '/api/campaigns/:campaign',
    tag: 'coins',
    summary: 'The offer of a cash-back campaign (/cashback/campaign/{campaign}).',
    params: CampaignParams,
    reply: OfferReply,
    handler: ({ params }) => offerWhere(s.db, 'o.campaign', params.campaign, 'campaign'),
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/offers/:offer_id/start',
    tag: 'coins',
    summary:
      'Start an offer: sign-in and a verified email (403 email_unverified); an iOS APP/GAME offer (for_ios = 1) needs app_tracking_allowed (403 terms_required). APP and GAME offers get an attempt on their platform (attempt_id); one already paid (its completion, or every event of a per-event platform) is 409 already_done.',
    params: OfferParams,
    body: StartRequest,
    reply: OfferStartReply,
    async handler({ req, params, body, uid, user }) {
      requireVerified(user)
      const r = await s.db.one<{
        click_url: string
        offer_type: string
        for_ios: number
        network: string | null
        store_id: number | null
      }>('SELECT click_url, offer_type, for_ios, network, store_id FROM offers WHERE id = $1 AND active', [
        params.offer_id,
      ])
      if (!r) throw fail(404, 'offer_id', 'Not found')
      if (r.offer_type !== 'APP' && r.offer_type !== 'GAME') {
        // coupon and cash-back offers of a store: a click, and the store's tracking link with its id
        // (issue 26); a store without one: the offer's own link. Never the member's id.
        await s.db.query('INSERT INTO offer_visits (user_id, offer_id) VALUES ($1, $2)', [
          uid,
          params.offer_id,
        ])
        const click = r.store_id
          ? await recordClick(
              s,
              req,
              user.row,
              { id: r.store_id },
              {
                offerId: params.offer_id,
                cookie: readAttribution(req, s.cookiePrefix),
              },
            )
          : undefined
        if (click) return { data: { click_url: click.redirect_url } }
        return { data: { click_url: r.click_url } }
      }
      if (r.for_ios === 1 && body?.app_tracking_allowed !== true)
        throw fail(403, 'app_tracking_allowed', 'You need to agree with the terms', 'terms_required')
      const p = r.network ? s.platforms.get(r.network) : undefined
      if (!p?.kinds.includes('offer') || !s.platforms.enabled(p.id)) throw unavailable()
      // paid once per member: taken when its single completion was paid, or every event it pays for
      const paid = (
        await s.db.query<{ event: string }>(
          "SELECT event FROM coin_payments WHERE user_id = $1 AND item_kind = 'offer' AND item_id = $2",
          [uid, params.offer_id],
        )
      ).map((x) => x.event)
      if (paid.includes('') || p.events?.names.every((e) => paid.includes(e)))
        throw fail(409, 'offer', 'You have already completed this offer.', 'already_done')
      const attemptId = newAttemptId()
      await s.db.query(
        'INSERT INTO coin_attempts (id, user_id, platform, offer_id) VALUES ($1, $2, $3, $4)',
        [attemptId, uid, p.id, params.offer_id],
      )
      await s.db.query('INSERT INTO offer_visits (user_id, offer_id) VALUES ($1, $2)', [uid, params.offer_id])
      return { data: { click_url: clickUrlFor(p, attemptId, 'offer', r.click_url), attempt_id: attemptId } }
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
    return s.db.one<{ id: number; coins_advertised: number; minutes: number }>(
      'SELECT id, coins_advertised, minutes FROM surveys WHERE is_onboarding AND active ORDER BY id LIMIT 1',
    )
  }

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/user/survey/list/onboarding',
    tag: 'coins',
    summary:
      "The onboarding survey, or 'completed'. Its click_url is the start call (POST it: the reply's click_url leads to the platform); the survey is also in GET /api/surveys with is_onboarding.",
    reply: OnboardingSurveyReply,
    async handler({ user }) {
      if (user.row.coin_onboarding) return { data: 'completed' }
      const o = await onboarding()
      if (!o) return { data: 'completed' }
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
      'Active surveys with coins, minutes, coins per minute and the screen-out rate (from finished attempts once there are coins.screenOutMinAttempts, else the estimate); locked until onboarding is done; done for the member.',
    auth: 'optional',
    reply: SurveysReply,
    async handler({ user }) {
      const onboarded = !!user?.row.coin_onboarding
      const rows = await s.db.query<SurveyRow>(
        surveysSql('WHERE s.active ORDER BY s.is_onboarding DESC, s.id'),
        [user?.row.id ?? null],
      )
      return {
        onboarding_completed: onboarded,
        data: rows.filter((r) => !(onboarded && r.is_onboarding)).map((r) => toSurvey(r, user)),
      }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/surveys/:survey_id',
    tag: 'coins',
    summary: 'One survey (the fields of the list).',
    auth: 'optional',
    params: SurveyParams,
    reply: SurveyReply,
    async handler({ params, user }) {
      const r = await s.db.one<SurveyRow>(surveysSql('WHERE s.id = $2 AND s.active'), [
        user?.row.id ?? null,
        params.survey_id,
      ])
      if (!r) throw fail(404, 'survey_id', 'Not found')
      return { data: toSurvey(r, user) }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/surveys/:survey_id/start',
    tag: 'coins',
    summary:
      'Start a survey: creates an attempt (the subid) and gives the platform URL. Refusals: 403 email_unverified, onboarding_required, phone_required, not_qualified; 409 targeting_required, already_done; 503 platform_unavailable.',
    params: SurveyParams,
    body: StartRequest,
    reply: StartReply,
    async handler({ params, uid, user }) {
      const r = await s.db.one<SurveyRow>(surveysSql('WHERE s.id = $2 AND s.active'), [uid, params.survey_id])
      if (!r) throw fail(404, 'survey_id', 'Not found')
      const need = await surveyNeed(s.db, s.platforms, user, r)
      if (need === 'verify') requireVerified(user)
      if (need === 'onboarding')
        throw fail(403, 'survey', 'Please complete the onboarding survey first.', 'onboarding_required')
      if (need === 'done') throw fail(409, 'survey', 'You have already taken this survey.', 'already_done')
      if (need === 'unavailable') throw unavailable()
      if (need === 'phone')
        throw fail(403, 'phone', 'Please verify your phone number first.', 'phone_required')
      if (need === 'targeting')
        throw fail(
          409,
          'targeting',
          'Please answer a few questions about yourself first.',
          'targeting_required',
        )
      if (need === 'not_qualified')
        throw fail(403, 'targeting', 'You do not qualify for this survey.', 'not_qualified')
      const p = s.platforms.get(r.platform)!
      const attemptId = newAttemptId()
      await s.db.query(
        'INSERT INTO coin_attempts (id, user_id, platform, survey_id) VALUES ($1, $2, $3, $4)',
        [attemptId, uid, p.id, r.id],
      )
      return { data: { click_url: clickUrlFor(p, attemptId, 'survey', r.click_url), attempt_id: attemptId } }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/coins/attempt',
    tag: 'coins',
    summary:
      "One of the member's attempts (the given one, else their latest on the platform): its status and the coins booked for it (/survey/{platform}/complete). Another member's: 404.",
    query: AttemptQuery,
    reply: AttemptReply,
    async handler({ query, uid }) {
      const a = await s.db.one<{
        id: string
        platform: string
        survey_id: number | null
        title: string
        status: AttemptStatus
        coins_advertised: number
        coins: number
        created_at: Date | string
      }>(
        `SELECT a.id, a.platform, a.survey_id, COALESCE(sv.title, o.display_name) AS title, a.status,
           COALESCE(sv.coins_advertised, o.coins_advertised) AS coins_advertised, a.coins, a.created_at
         FROM coin_attempts a LEFT JOIN surveys sv ON sv.id = a.survey_id LEFT JOIN offers o ON o.id = a.offer_id
         WHERE a.user_id = $1 AND a.platform = $2 AND ($3::text IS NULL OR a.id = $3::text)
         ORDER BY a.created_at DESC, a.id LIMIT 1`,
        [uid, query.platform, query.attempt ?? null],
      )
      if (!a) throw fail(404, 'attempt', 'Not found')
      const sums = await sumsOf(s.db, uid)
      return {
        data: {
          attempt_id: a.id,
          platform: a.platform,
          kind: a.survey_id ? 'survey' : 'offer',
          title: a.title,
          status: a.status,
          coins_advertised: a.coins_advertised,
          coins_credited: a.status === 'completed' ? a.coins : 0,
          coin_balance: sums.coin_payable,
          created_at: new Date(a.created_at).toISOString(),
        },
      }
    },
  })
}
