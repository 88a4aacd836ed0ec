import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeHttp, makeI18n, refused, renderAt, surveyOf } from '../components/profile/test-utils'
import SurveyTargetingPage from './SurveyTargetingPage'

const PATTERN = '/account/survey/targeting/:offer_id'
const targeting = (answers: Record<string, string> = {}) => ({
  data: {
    survey: surveyOf({
      id: 7,
      title: 'Car owners',
      coins_advertised: 1200,
      survey_estimated_time_in_mins: 15,
    }),
    questions: [
      { key: 'age', options: ['18_24', '25_34', '35_49', '50_64', '65_plus'] },
      { key: 'car', options: ['yes', 'no'] },
    ],
    answers,
  },
})

describe('SurveyTargetingPage', () => {
  it('prefills saved answers, asks for the missing one, saves and continues to the survey when qualified', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/surveys/7/targeting': () => targeting({ age: '25_34', pets: 'dog' }),
      'PUT /api/surveys/7/targeting': () => ({ data: { qualified: true } }),
    })
    renderAt(<SurveyTargetingPage params={{ offer_id: '7' }} />, {
      i18n: await makeI18n(),
      http,
      path: '/account/survey/targeting/7',
      pattern: PATTERN,
    })
    const age = await screen.findByRole('group', { name: 'How old are you?' })
    expect((screen.getByRole('radio', { name: '25 to 34' }) as HTMLInputElement).checked).toBe(true)
    expect(age.querySelectorAll('input[type=radio]')).toHaveLength(5)
    expect(screen.getByTestId('targeting-summary').textContent).toBe('1,200 coins · about 15 min')
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please answer every question.'))
    expect(screen.getByText('Please answer this question.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Yes' }))
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }))
    expect((await screen.findByTestId('where')).textContent).toBe('/surveys?start=7')
    // only this survey's questions are sent
    expect(calls.at(-1)?.body).toEqual({ answers: { age: '25_34', car: 'yes' } })
  })

  it('says honestly that the survey looks for other profiles when the answers do not qualify (Spanish)', async () => {
    const { http } = fakeHttp({
      'GET /api/surveys/7/targeting': () => targeting({ age: '65_plus', car: 'no' }),
      'PUT /api/surveys/7/targeting': () => ({ data: { qualified: false } }),
    })
    renderAt(<SurveyTargetingPage params={{ offer_id: '7' }} />, {
      i18n: await makeI18n('es'),
      http,
      path: '/account/survey/targeting/7',
      pattern: PATTERN,
    })
    expect(((await screen.findByRole('radio', { name: '65 o más' })) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }))
    const heading = await screen.findByRole('heading', { name: 'Esta encuesta busca otros perfiles' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.getByRole('link', { name: 'Ver otras encuestas' }).getAttribute('href')).toBe('/surveys')
    expect(screen.queryByTestId('where')).toBeNull()
  })

  it('shows a server refusal on the form, and a missing survey with a way back', async () => {
    const { http } = fakeHttp({
      'GET /api/surveys/7/targeting': () => targeting({ age: '18_24', car: 'yes' }),
      'PUT /api/surveys/7/targeting': () => {
        throw refused(429, 'survey', 'rate_limited')
      },
    })
    renderAt(<SurveyTargetingPage params={{ offer_id: '7' }} />, {
      i18n: await makeI18n(),
      http,
      path: '/account/survey/targeting/7',
      pattern: PATTERN,
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Save and continue' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please wait and try again.'),
    )
    expect(screen.queryByTestId('where')).toBeNull()

    const missing = fakeHttp({})
    renderAt(<SurveyTargetingPage params={{ offer_id: '99' }} />, {
      i18n: await makeI18n(),
      http: missing.http,
      path: '/account/survey/targeting/99',
      pattern: PATTERN,
    })
    expect((await screen.findByTestId('targeting-not-found')).textContent).toContain(
      'This survey is not available any more.',
    )
    const bad = fakeHttp({})
    renderAt(<SurveyTargetingPage params={{ offer_id: 'abc' }} />, {
      i18n: await makeI18n(),
      http: bad.http,
      path: '/account/survey/targeting/abc',
      pattern: PATTERN,
    })
    expect(bad.calls).toHaveLength(0)
  })
})
