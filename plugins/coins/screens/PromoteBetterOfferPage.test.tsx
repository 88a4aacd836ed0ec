import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeHttp, makeI18n, renderAt, surveyOf } from '../components/profile/test-utils'
import PromoteBetterOfferPage from './PromoteBetterOfferPage'

const PATTERN = '/account/promoteBetterOffer'
const routes = () =>
  fakeHttp({
    'GET /api/surveys/5': () => ({
      data: surveyOf({
        id: 5,
        title: 'Snacks',
        coins_advertised: 100,
        survey_estimated_time_in_mins: 10,
        coins_per_minute: 10,
      }),
    }),
    'GET /api/surveys/9': () => ({
      data: surveyOf({
        id: 9,
        title: 'Travel',
        coins_advertised: 375,
        survey_estimated_time_in_mins: 25,
        coins_per_minute: 15,
      }),
    }),
  })

describe('PromoteBetterOfferPage', () => {
  it('shows both surveys with coins, minutes and coins per minute, and how much more the better one pays', async () => {
    const { http } = routes()
    renderAt(<PromoteBetterOfferPage />, {
      i18n: await makeI18n(),
      http,
      path: `${PATTERN}?survey=5&better=9`,
      pattern: PATTERN,
    })
    const chosen = await screen.findByTestId('better-chosen')
    const better = screen.getByTestId('better-better')
    expect(within(chosen).getByRole('heading').textContent).toBe('Snacks')
    expect(chosen.textContent).toContain('Your choice')
    expect(chosen.textContent).toContain('about 10 min')
    expect(within(better).getByRole('heading').textContent).toBe('Travel')
    expect(better.textContent).toContain('375')
    expect(screen.getByTestId('better-better-per-minute').textContent).toBe('15')
    expect(screen.getByTestId('better-chosen-per-minute').textContent).toBe('10')
    expect(screen.getByTestId('better-gain').textContent).toBe(
      '“Travel” pays 5 more coins a minute (50% more).',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Take the better-paying survey' }))
    expect((await screen.findByTestId('where')).textContent).toBe('/surveys?start=9&confirmed=1')
  })

  it('keeping the chosen survey resumes its start, confirmed (Spanish)', async () => {
    const { http } = routes()
    renderAt(<PromoteBetterOfferPage />, {
      i18n: await makeI18n('es'),
      http,
      path: `${PATTERN}?survey=5&better=9`,
      pattern: PATTERN,
    })
    expect((await screen.findByTestId('better-gain')).textContent).toBe(
      '«Travel» paga 5 monedas más por minuto (un 50 % más).',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Mantener mi elección' }))
    expect((await screen.findByTestId('where')).textContent).toBe('/surveys?start=5&confirmed=1')
  })

  it('says what is wrong, with a link back, when the link names no surveys or one is gone', async () => {
    const { http, calls } = routes()
    const { unmount } = renderAt(<PromoteBetterOfferPage />, {
      i18n: await makeI18n(),
      http,
      path: `${PATTERN}?survey=5`,
      pattern: PATTERN,
    })
    expect((await screen.findByTestId('better-problem')).textContent).toContain(
      'This page compares two surveys, and its link does not name them.',
    )
    expect(screen.getByRole('link', { name: 'Back to surveys' }).getAttribute('href')).toBe('/surveys')
    expect(calls).toHaveLength(0)
    unmount()
    renderAt(<PromoteBetterOfferPage />, {
      i18n: await makeI18n(),
      http,
      path: `${PATTERN}?survey=5&better=404`,
      pattern: PATTERN,
    })
    expect((await screen.findByTestId('better-problem')).textContent).toContain(
      'One of these surveys is not available any more.',
    )
  })
})
