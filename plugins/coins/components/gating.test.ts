import { describe, expect, it, vi } from 'vitest'
import type { Survey } from '../contract'
import { deviceFits, goToCoinOffer, goToSurvey } from './gating'
import { fakeSession, member, refusal, survey } from './test-utils'

function api(needs: string | null = null, better: Survey | null = null, start?: () => unknown) {
  return {
    precheck: vi.fn(async () => ({ data: { needs, better } }) as never),
    startSurvey: vi.fn(
      start ??
        (async () => ({ data: { click_url: '/dev-platform/survey/abcdefgh12', attempt_id: 'abcdefgh12' } })),
    ) as never,
  }
}

describe('goToSurvey (SPEC 4 gating)', () => {
  it('sends a visitor to the login tab without asking the server anything', async () => {
    const a = api()
    expect(await goToSurvey(fakeSession(null).session, a, 5)).toEqual({ kind: 'login' })
    expect(a.precheck).not.toHaveBeenCalled()
    expect(a.startSurvey).not.toHaveBeenCalled()
  })

  it('asks an unverified member to verify their email first', async () => {
    const a = api()
    const s = fakeSession({ ...member, emailVerified: false }).session
    expect(await goToSurvey(s, a, 5)).toEqual({ kind: 'verify' })
    expect(a.startSurvey).not.toHaveBeenCalled()
  })

  it.each([
    ['verify', { kind: 'verify' }],
    ['onboarding', { kind: 'go', route: 'account-survey-onboarding' }],
    ['phone', { kind: 'go', route: 'account-survey-smsverify', query: { survey: '5' } }],
    ['targeting', { kind: 'go', route: 'account-survey-targeting-offer-id', params: { offer_id: 5 } }],
    ['not_qualified', { kind: 'refused', code: 'not_qualified' }],
  ])("follows the precheck's need %s and does not start", async (needs, outcome) => {
    const a = api(needs)
    expect(await goToSurvey(fakeSession().session, a, 5)).toEqual(outcome)
    expect(a.startSurvey).not.toHaveBeenCalled()
  })

  it('offers a better-paying survey, unless the member already chose (confirmed)', async () => {
    const a = api(null, survey(9))
    expect(await goToSurvey(fakeSession().session, a, 5)).toEqual({
      kind: 'go',
      route: 'account-promotebetteroffer',
      query: { survey: '5', better: '9' },
    })
    expect(a.startSurvey).not.toHaveBeenCalled()
    const b = api(null, survey(9))
    expect(await goToSurvey(fakeSession().session, b, 5, { confirmed: true })).toMatchObject({
      kind: 'leave',
    })
  })

  it('starts and leaves for the same-origin platform page or an https address', async () => {
    const out = await goToSurvey(fakeSession().session, api(), 5)
    expect(out).toEqual({
      kind: 'leave',
      url: `${window.location.origin}/dev-platform/survey/abcdefgh12`,
      attemptId: 'abcdefgh12',
    })
    const https = api(null, null, async () => ({ data: { click_url: 'https://surveys.example.com/s?x=1' } }))
    expect(await goToSurvey(fakeSession().session, https, 5)).toMatchObject({
      kind: 'leave',
      url: 'https://surveys.example.com/s?x=1',
    })
  })

  it.each(['javascript:alert(1)', '//evil.example/x', 'http://evil.example/x', ''])(
    'refuses to leave for %j',
    async (url) => {
      const a = api(null, null, async () => ({ data: { click_url: url } }))
      expect(await goToSurvey(fakeSession().session, a, 5)).toEqual({ kind: 'refused', code: 'bad_link' })
    },
  )

  it("turns the server's refusals of the start into the same steps", async () => {
    const cases: [unknown, unknown][] = [
      [refusal(403, 'email_unverified'), { kind: 'verify' }],
      [refusal(403, 'onboarding_required'), { kind: 'go', route: 'account-survey-onboarding' }],
      [
        refusal(403, 'phone_required'),
        { kind: 'go', route: 'account-survey-smsverify', query: { survey: '5' } },
      ],
      [
        refusal(409, 'targeting_required'),
        { kind: 'go', route: 'account-survey-targeting-offer-id', params: { offer_id: 5 } },
      ],
      [refusal(403, 'not_qualified', 'No'), { kind: 'refused', code: 'not_qualified', message: 'No' }],
      [
        refusal(503, 'platform_unavailable', 'Off'),
        { kind: 'refused', code: 'platform_unavailable', message: 'Off' },
      ],
      [refusal(401, 'sign_in_required'), { kind: 'login' }],
    ]
    for (const [error, outcome] of cases) {
      const a = api(null, null, async () => {
        throw error
      })
      expect(await goToSurvey(fakeSession().session, a, 5)).toEqual(outcome)
    }
  })

  it('still starts when the precheck itself fails (the server gates the start again)', async () => {
    const a = api()
    a.precheck.mockRejectedValueOnce(refusal(500, 'server_error'))
    expect(await goToSurvey(fakeSession().session, a, 5)).toMatchObject({ kind: 'leave' })
  })
})

describe('goToCoinOffer', () => {
  const offer = { offer_id: 12, for_ios: 1, app_container: 'ios' }
  const start = () => ({
    startOffer: vi.fn(async () => ({ data: { click_url: 'https://apps.example.com/o/12' } })) as never,
  })

  it('a visitor gets the login tab, an unverified member the verification prompt', async () => {
    expect(await goToCoinOffer(fakeSession(null).session, start(), offer, { os: 'ios' })).toEqual({
      kind: 'login',
    })
    const s = fakeSession({ ...member, emailVerified: false }).session
    expect(await goToCoinOffer(s, start(), offer, { os: 'ios' })).toEqual({ kind: 'verify' })
  })

  it("an iOS offer needs the app-tracking consent ('You need to agree with the terms') and sends it", async () => {
    const a = start()
    expect(await goToCoinOffer(fakeSession().session, a, offer, { os: 'ios' })).toEqual({
      kind: 'refused',
      code: 'terms_required',
    })
    expect(a.startOffer).not.toHaveBeenCalled()
    const out = await goToCoinOffer(fakeSession().session, a, offer, { os: 'ios', appTrackingAllowed: true })
    expect(out).toMatchObject({ kind: 'leave', url: 'https://apps.example.com/o/12' })
    expect(a.startOffer).toHaveBeenCalledWith(12, true)
  })

  it('an offer (or survey) already paid is refused as already_done, in the words of the coins locale', async () => {
    const a = {
      startOffer: vi.fn(async () => {
        throw refusal(409, 'already_done', 'You have already completed this offer.')
      }) as never,
    }
    expect(
      await goToCoinOffer(fakeSession().session, a, offer, { os: 'ios', appTrackingAllowed: true }),
    ).toEqual({ kind: 'refused', code: 'already_done', message: 'You have already completed this offer.' })
    const b = api(null, null, async () => {
      throw refusal(409, 'already_done', 'Taken')
    })
    expect(await goToSurvey(fakeSession().session, b, 5)).toEqual({
      kind: 'refused',
      code: 'already_done',
      message: 'Taken',
    })
  })

  it('an offer made for one phone system is refused on another device', async () => {
    const a = start()
    expect(
      await goToCoinOffer(fakeSession().session, a, offer, { os: 'android', appTrackingAllowed: true }),
    ).toEqual({ kind: 'refused', code: 'wrong_device' })
    expect(a.startOffer).not.toHaveBeenCalled()
    expect(deviceFits({ app_container: 'ios' }, null)).toBe(false)
    expect(deviceFits({ app_container: 'android' }, 'android')).toBe(true)
    expect(deviceFits({ app_container: null }, null)).toBe(true)
  })

  it('an offer for every device starts without the consent and sends none', async () => {
    const a = start()
    const out = await goToCoinOffer(fakeSession().session, a, {
      offer_id: 3,
      for_ios: 0,
      app_container: null,
    })
    expect(out).toMatchObject({ kind: 'leave' })
    expect(a.startOffer).toHaveBeenCalledWith(3, undefined)
  })
})
