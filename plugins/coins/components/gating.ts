import { HttpError, type Offer, type RouteParams, type Session } from '@core'
import { type CoinsApi, leaveUrl } from '../api'

/**
 * What starting a survey or a coin offer leads to (SPEC 4 "Gating", SPEC 6): the login tab, the
 * resend-verification prompt, another screen of the app first, the platform's page, or a refusal
 * with its code. Pure over the session and the API, so the rules are tested as functions.
 */
export type GateOutcome =
  | { kind: 'login' }
  | { kind: 'verify' }
  /** A screen of the app, by route name (routes.json), with its params and query. */
  | { kind: 'go'; route: string; params?: RouteParams; query?: Record<string, string> }
  | { kind: 'leave'; url: string; attemptId?: string }
  | { kind: 'refused'; code: RefusalCode; message?: string }

/** Refusals a screen explains in words (coins locale gate.<code>). */
export type RefusalCode =
  | 'not_qualified'
  | 'terms_required'
  | 'platform_unavailable'
  | 'already_done'
  | 'bad_link'
  | 'wrong_device'
  | 'error'

const onboarding: GateOutcome = { kind: 'go', route: 'account-survey-onboarding' }
const smsVerify = (surveyId: number | string): GateOutcome => ({
  kind: 'go',
  route: 'account-survey-smsverify',
  query: { survey: String(surveyId) },
})
const targeting = (surveyId: number | string): GateOutcome => ({
  kind: 'go',
  route: 'account-survey-targeting-offer-id',
  params: { offer_id: surveyId },
})
const betterOffer = (surveyId: number | string, betterId: number | string): GateOutcome => ({
  kind: 'go',
  route: 'account-promotebetteroffer',
  query: { survey: String(surveyId), better: String(betterId) },
})

/** Before any call: a visitor signs in, an unverified member verifies. */
function signedInGate(session: Session): GateOutcome | null {
  if (!session.authenticated) return { kind: 'login' }
  if (session.member?.emailVerified === false) return { kind: 'verify' }
  return null
}

/** A refusal of a start call (the server gates again) as an outcome; other failures stay errors. */
function fromStartError(e: unknown, surveyId?: number | string): GateOutcome {
  if (!(e instanceof HttpError)) return { kind: 'refused', code: 'error' }
  if (e.status === 401) return { kind: 'login' }
  switch (e.code) {
    case 'email_unverified':
      return { kind: 'verify' }
    case 'onboarding_required':
      return onboarding
    case 'phone_required':
      if (surveyId !== undefined) return smsVerify(surveyId)
      break
    case 'targeting_required':
      if (surveyId !== undefined) return targeting(surveyId)
      break
    case 'not_qualified':
    case 'terms_required':
    case 'platform_unavailable':
    case 'already_done':
      return { kind: 'refused', code: e.code, message: e.firstError ?? undefined }
  }
  return { kind: 'refused', code: 'error', message: e.firstError ?? e.message }
}

function leave(data: { click_url: string; attempt_id?: string }): GateOutcome {
  const url = leaveUrl(data.click_url)
  if (!url) return { kind: 'refused', code: 'bad_link' }
  return { kind: 'leave', url, attemptId: data.attempt_id }
}

/**
 * goToSurvey: sign-in, verified email, then the server's precheck in its order (verify, onboarding,
 * phone, targeting, not qualified), then a better-paying survey unless the member already chose
 * (`confirmed`), then the start call and the platform's page.
 */
export async function goToSurvey(
  session: Session,
  api: Pick<CoinsApi, 'precheck' | 'startSurvey'>,
  surveyId: number | string,
  opts: { confirmed?: boolean } = {},
): Promise<GateOutcome> {
  const gate = signedInGate(session)
  if (gate) return gate
  let pre: Awaited<ReturnType<CoinsApi['precheck']>>['data'] | null = null
  try {
    pre = (await api.precheck(surveyId)).data
  } catch (e) {
    // the start call gates again on the server: a precheck that fails for another reason than the
    // member's session does not stop the member
    if (e instanceof HttpError && e.status === 401) return { kind: 'login' }
  }
  if (pre?.needs === 'verify') return { kind: 'verify' }
  if (pre?.needs === 'onboarding') return onboarding
  if (pre?.needs === 'phone') return smsVerify(surveyId)
  if (pre?.needs === 'targeting') return targeting(surveyId)
  if (pre?.needs === 'not_qualified') return { kind: 'refused', code: 'not_qualified' }
  if (pre?.better && !opts.confirmed) return betterOffer(surveyId, pre.better.id)
  try {
    return leave((await api.startSurvey(surveyId)).data)
  } catch (e) {
    return fromStartError(e, surveyId)
  }
}

/**
 * goToOffer for a coin offer: sign-in, verified email, the device the offer is for (app_container),
 * the app-tracking consent of an iOS offer (for_ios = 1, SPEC 5), then the start call.
 */
export async function goToCoinOffer(
  session: Session,
  api: Pick<CoinsApi, 'startOffer'>,
  offer: Pick<Offer, 'offer_id' | 'for_ios' | 'app_container'>,
  opts: { appTrackingAllowed?: boolean; os?: 'ios' | 'android' | null } = {},
): Promise<GateOutcome> {
  const gate = signedInGate(session)
  if (gate) return gate
  if (!deviceFits(offer, opts.os ?? null)) return { kind: 'refused', code: 'wrong_device' }
  if (offer.for_ios === 1 && !opts.appTrackingAllowed) return { kind: 'refused', code: 'terms_required' }
  try {
    const allowed = offer.for_ios === 1 ? true : undefined
    return leave((await api.startOffer(offer.offer_id, allowed)).data)
  } catch (e) {
    return fromStartError(e)
  }
}

/** An offer made for one phone system (app_container 'ios' or 'android') starts only on it. */
export function deviceFits(offer: Pick<Offer, 'app_container'>, os: 'ios' | 'android' | null): boolean {
  const c = offer.app_container?.toLowerCase()
  if (c === 'ios' || c === 'android') return os === c
  return true
}
