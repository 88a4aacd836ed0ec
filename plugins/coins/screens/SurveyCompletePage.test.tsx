import { constants, HttpError } from '@core'
import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextView } from '../components/attempt'
import { fakeHttp, fakeSession, makeI18n, renderWith } from '../components/test-utils'
import SurveyCompletePage from './SurveyCompletePage'

const attempt = (status: string, credited = 0, balance = 0) => ({
  data: {
    attempt_id: 'att12345678',
    platform: 'devsurvey',
    kind: 'survey',
    title: 'About you',
    status,
    coins_advertised: 250,
    coins_credited: credited,
    coin_balance: balance,
    created_at: new Date().toISOString(),
  },
})
const { surveyStatusPollMs: POLL, surveyStatusPollMaxMs: MAX } = constants.coins

describe('nextView (the complete page state machine)', () => {
  const a = attempt('started').data as never
  it('started is pending until the maximum time, then an honest still-pending', () => {
    expect(nextView({ attempt: a }, 0, { phase: 'checking' }).phase).toBe('pending')
    expect(nextView({ attempt: a }, MAX, { phase: 'pending', attempt: a }).phase).toBe('timeout')
  })
  it('ends on what the platform reported', () => {
    for (const s of ['completed', 'screened_out', 'reversed'])
      expect(
        nextView({ attempt: { ...(a as object), status: s } as never }, 10, { phase: 'pending', attempt: a })
          .phase,
      ).toBe(s)
  })
  it('a failed poll while pending keeps waiting; 404 is no attempt; 401 a visitor; a failed first read an error', () => {
    const net = new HttpError('Network Error', 'network')
    expect(nextView({ error: net }, 10, { phase: 'pending', attempt: a }).phase).toBe('pending')
    expect(nextView({ error: net }, 10, { phase: 'checking' }).phase).toBe('error')
    expect(nextView({ error: new HttpError('x', 'status', 404) }, 10, { phase: 'checking' }).phase).toBe(
      'none',
    )
    expect(nextView({ error: new HttpError('x', 'status', 401) }, 10, { phase: 'checking' }).phase).toBe(
      'visitor',
    )
  })
})

describe('SurveyCompletePage', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => vi.useRealTimers())

  it('shows pending in a live region, polls, then the coins credited and the balance, and resyncs the session once', async () => {
    let reads = 0
    const { http, calls } = fakeHttp({
      'GET /api/coins/attempt': () => (++reads < 3 ? attempt('started') : attempt('completed', 250, 1250)),
    })
    const s = fakeSession()
    renderWith(<SurveyCompletePage params={{ platform_name: 'devsurvey' }} />, {
      i18n: await makeI18n(),
      http,
      session: s.session,
      path: '/survey/devsurvey/complete?attempt=att12345678',
    })
    const status = await screen.findByTestId('attempt-status')
    await vi.waitFor(() => expect(status.getAttribute('data-phase')).toBe('pending'))
    expect(status.getAttribute('role')).toBe('status')
    expect(status.textContent).toContain('Pending: we are waiting for the survey platform to confirm.')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL * 2)
    })
    await vi.waitFor(() => expect(status.getAttribute('data-phase')).toBe('completed'))
    expect(screen.getByTestId('attempt-credited').textContent).toBe('250 coins credited')
    expect(screen.getByTestId('attempt-balance').textContent).toBe('Your coin balance: 1,250 coins')
    expect(s.resyncs()).toBe(1)
    expect(calls[0]!.params).toEqual({ platform: 'devsurvey', attempt: 'att12345678' })
    const n = calls.length
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL * 3)
    })
    expect(calls.length).toBe(n) // no polling after the end
  })

  it('still pending after the maximum time: says so honestly and stops polling, credits nothing', async () => {
    const { http, calls } = fakeHttp({ 'GET /api/coins/attempt': () => attempt('started') })
    const s = fakeSession()
    renderWith(<SurveyCompletePage params={{ platform_name: 'devsurvey' }} />, {
      i18n: await makeI18n(),
      http,
      session: s.session,
      path: '/survey/devsurvey/complete?attempt=att12345678',
    })
    const status = await screen.findByTestId('attempt-status')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MAX + POLL * 2)
    })
    await vi.waitFor(() => expect(status.getAttribute('data-phase')).toBe('timeout'))
    expect(status.textContent).toContain('The platform has not confirmed yet.')
    const n = calls.length
    expect(n).toBeLessThanOrEqual(Math.ceil(MAX / POLL) + 2)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL * 3)
    })
    expect(calls.length).toBe(n)
    expect(calls.every((c) => c.method === 'GET')).toBe(true)
    expect(s.resyncs()).toBe(0)
  })

  it('screened out says so in Spanish', async () => {
    const { http } = fakeHttp({ 'GET /api/coins/attempt': () => attempt('screened_out') })
    renderWith(<SurveyCompletePage params={{ platform_name: 'devsurvey' }} />, {
      i18n: await makeI18n('es'),
      http,
      path: '/survey/devsurvey/complete',
    })
    const status = await screen.findByTestId('attempt-status')
    await vi.waitFor(() => expect(status.getAttribute('data-phase')).toBe('screened_out'))
    expect(status.textContent).toContain('La plataforma te descartó de esta encuesta')
  })

  it('a visitor is asked to sign in and nothing is asked of the server', async () => {
    const { http, calls } = fakeHttp({})
    renderWith(<SurveyCompletePage params={{ platform_name: 'devsurvey' }} />, {
      i18n: await makeI18n(),
      http,
      session: fakeSession(null).session,
    })
    expect(screen.getByTestId('coins-sign-in').textContent).toContain(
      'Sign in to see whether your coins arrived.',
    )
    expect(calls).toEqual([])
  })
})
