import { type HttpClient, pathTo, type RuntimeConfig } from '@core'
import { PhoneCodeReply, PhoneReply, SurveyReply, TargetingReply, TargetingSaveReply } from '../../contract'

/** A reply that does not match the contract fails the call like a broken server would. */
const check =
  <T>(schema: { parse: (v: unknown) => T }) =>
  (value: unknown): T =>
    schema.parse(value)
const id = (v: number) => encodeURIComponent(String(v))

/** The survey profile's calls: the member's phone, targeting answers, one survey. */
export const profileApi = (http: HttpClient) => ({
  phone: () => http.get<unknown>('/api/account/phone').then(check(PhoneReply)),
  sendCode: (phone: string) =>
    http.post<unknown>('/api/account/phone/code', { phone }).then(check(PhoneCodeReply)),
  verify: (phone: string, code: string) =>
    http.post<unknown>('/api/account/phone/verify', { phone, code }).then(check(PhoneReply)),
  targeting: (surveyId: number) =>
    http.get<unknown>(`/api/surveys/${id(surveyId)}/targeting`).then(check(TargetingReply)),
  saveTargeting: (surveyId: number, answers: Record<string, string>) =>
    http.put<unknown>(`/api/surveys/${id(surveyId)}/targeting`, { answers }).then(check(TargetingSaveReply)),
  survey: (surveyId: number) => http.get<unknown>(`/api/surveys/${id(surveyId)}`).then(check(SurveyReply)),
})

/** A positive whole number from a URL part, else null. */
export function idOf(v: string | null | undefined): number | null {
  if (!v || !/^[1-9][0-9]{0,9}$/.test(v)) return null
  const n = Number(v)
  return n <= 2_147_483_647 ? n : null
}

/** Where a survey starts again once its step is done (SurveysPage resumes the start). */
export const resumeUrl = (
  config: Pick<RuntimeConfig, 'routes' | 'redirects'>,
  surveyId: number,
  confirmed = false,
) => `${pathTo(config, 'surveys') ?? '/'}?start=${surveyId}${confirmed ? '&confirmed=1' : ''}`

/** What a member types as a phone number, as E.164 (+15551234567): spaces, dashes, dots and brackets go. */
export const normalisePhone = (text: string) => text.trim().replace(/[\s().-]/g, '')
export const E164 = /^\+[1-9][0-9]{7,14}$/
