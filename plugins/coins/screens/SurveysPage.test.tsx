import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  fakeHttp,
  fakeSession,
  makeI18n,
  member,
  refusal,
  renderWith,
  survey,
} from '../components/test-utils'
import { browser } from '../components/useGate'
import SurveysPage from './SurveysPage'

const list = (onboarded: boolean) => ({
  onboarding_completed: onboarded,
  data: onboarded
    ? [survey(2, { screen_out_from_history: true, screen_out_percent: 35 }), survey(3, { done: true })]
    : [survey(1, { is_onboarding: true, title: 'About you' }), survey(2, { locked: true })],
})

afterEach(() => vi.restoreAllMocks())

describe('SurveysPage and useGoToSurvey', () => {
  it('lists the onboarding survey first and locks the others until it is done, collapsed under one line that says why', async () => {
    const { http } = fakeHttp({ 'GET /api/surveys': () => list(false) })
    renderWith(<SurveysPage />, { i18n: await makeI18n(), http })
    // at first only the survey to take now; the locked one waits under its line, not drawn
    await screen.findByRole('button', { name: 'Start survey: About you' })
    expect(screen.getAllByTestId('survey-item').map((i) => i.getAttribute('data-survey'))).toEqual(['1'])
    const line = screen.getByText('1 more survey unlocks once the onboarding survey is done')
    expect(line.tagName).toBe('SUMMARY')
    const group = screen.getByTestId('surveys-locked') as HTMLDetailsElement
    group.open = true
    fireEvent(group, new Event('toggle'))
    const items = await waitFor(() => {
      const all = screen.getAllByTestId('survey-item')
      expect(all).toHaveLength(2)
      return all
    })
    expect(items.map((i) => i.getAttribute('data-survey'))).toEqual(['1', '2'])
    expect(items[1]!.getAttribute('data-locked')).toBe('true')
    expect(screen.getByTestId('survey-locked').textContent).toBe(
      'Locked: complete the onboarding survey first',
    )
    expect(screen.getByRole('button', { name: 'Start survey: About you' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Start survey: Survey 2' })).toBeNull()
  })

  it('shows coins per minute and the screen-out rate, saying when it comes from history; marks done ones', async () => {
    const { http } = fakeHttp({ 'GET /api/surveys': () => list(true) })
    renderWith(<SurveysPage />, { i18n: await makeI18n(), http })
    const rates = await screen.findAllByTestId('survey-screen-out')
    expect(rates[0]!.textContent).toBe("35% (from members' past attempts)")
    expect(rates[1]!.textContent).toBe("20% (the platform's estimate)")
    expect(screen.getAllByTestId('survey-per-minute')[0]!.textContent).toBe('30')
    expect(screen.getByTestId('survey-done').textContent).toBe('Done')
  })

  it('a visitor sees the list and gets the login tab on start, with no start call', async () => {
    const { http, calls } = fakeHttp({ 'GET /api/surveys': () => list(false) })
    const { events } = renderWith(<SurveysPage />, {
      i18n: await makeI18n(),
      http,
      session: fakeSession(null).session,
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Start survey: About you' }))
    await waitFor(() => expect(events).toEqual([{ name: 'open-auth', payload: { tab: 'login' } }]))
    expect(calls.map((c) => c.url)).toEqual(['/api/surveys'])
  })

  it("an unverified member gets the resend prompt and 'Please verify your email'", async () => {
    const { http, calls } = fakeHttp({ 'GET /api/surveys': () => list(false) })
    const { events } = renderWith(<SurveysPage />, {
      i18n: await makeI18n(),
      http,
      session: fakeSession({ ...member, emailVerified: false }).session,
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Start survey: About you' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Please verify your email')
    expect(events).toEqual([{ name: 'verify-email-required', payload: { reason: 'survey' } }])
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('sends the member where the precheck says (a phone to verify first)', async () => {
    const { http } = fakeHttp({
      'GET /api/surveys': () => list(true),
      'GET /api/surveys/2/precheck': () => ({ data: { needs: 'phone', better: null } }),
    })
    renderWith(<SurveysPage />, { i18n: await makeI18n(), http, path: '/surveys' })
    fireEvent.click(await screen.findByRole('button', { name: 'Start survey: Survey 2' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/account/survey/smsVerify?survey=2'),
    )
  })

  it('resumes ?start= with confirmed=1: no better-offer detour, starts and leaves for the platform', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {})
    const { http, calls } = fakeHttp({
      'GET /api/surveys': () => list(true),
      'GET /api/surveys/2/precheck': () => ({ data: { needs: null, better: survey(3) } }),
      'POST /api/surveys/2/start': () => ({
        data: { click_url: '/dev-platform/survey/att12345678', attempt_id: 'att12345678' },
      }),
    })
    renderWith(<SurveysPage />, { i18n: await makeI18n(), http, path: '/surveys?start=2&confirmed=1' })
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`${window.location.origin}/dev-platform/survey/att12345678`),
    )
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/surveys/2/start'])
    expect(screen.getByTestId('location').textContent).toBe('/surveys')
  })

  it("explains the server's refusal in words beside the survey", async () => {
    const { http } = fakeHttp({
      'GET /api/surveys': () => list(true),
      'GET /api/surveys/2/precheck': () => ({ data: { needs: null, better: null } }),
      'POST /api/surveys/2/start': () => {
        throw refusal(503, 'platform_unavailable', 'Platform off')
      },
    })
    renderWith(<SurveysPage />, { i18n: await makeI18n('es'), http })
    fireEvent.click(await screen.findByRole('button', { name: 'Empezar encuesta: Survey 2' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Esta plataforma de encuestas no está disponible ahora. Inténtalo más tarde.',
    )
  })
})
