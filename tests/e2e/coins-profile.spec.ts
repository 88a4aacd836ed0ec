/**
 * The coins survey profile (issue 14) in Chromium: a verified member verifies a phone with the code of
 * the SMS outbox (/api/dev/sms) and goes back to the survey's start; targeting answers are saved and
 * prefilled on the next visit (Spanish); the better-offer page shows both surveys and either choice
 * resumes the start on /surveys with confirmed=1. axe finds no serious issue on the three screens.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import { expectNoSeriousAxe, pathOf, verifiedMember } from './helpers'

interface Survey {
  id: number
  title: string
  coins_per_minute: number
  coins_advertised: number
  survey_estimated_time_in_mins: number
  is_onboarding: boolean
  needs_phone: boolean
  has_targeting: boolean
}

async function surveys(request: APIRequestContext): Promise<Survey[]> {
  const r = await request.get('/api/surveys')
  expect(r.ok()).toBe(true)
  return ((await r.json()) as { data: Survey[] }).data.filter((s) => !s.is_onboarding)
}

/** A number no other run used: +1 555 and seven random digits. */
const freshPhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** Clicks and waits for the app to reach `path` (the next screen may move on by itself). */
async function clickTo(page: Page, click: () => Promise<void>, path: string) {
  await Promise.all([page.waitForURL((u) => `${u.pathname}${u.search}` === path), click()])
}

test('a member verifies a phone with the SMS code and goes back to the survey', async ({ page, request }) => {
  const m = await verifiedMember(page, request, 'Profile Member')
  const survey = (await surveys(request)).find((s) => s.needs_phone)
  expect(survey, 'a seeded survey needs a phone').toBeTruthy()
  const phone = freshPhone()

  await page.goto(`/account/survey/smsVerify?survey=${survey!.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your phone' })).toBeVisible()
  await expect(page.getByText('This survey needs a verified phone.', { exact: false })).toBeVisible()
  await expectNoSeriousAxe(page, 'smsVerify')
  await page.getByLabel('Mobile number').fill(phone.replace(/^\+1555/, '+1 555 '))
  await page.getByRole('button', { name: 'Send the code' }).click()
  const code = page.getByLabel('Code from the message')
  await expect(code).toBeFocused()
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(page.getByTestId('sms-resend')).toBeDisabled()
  await expect(page.getByTestId('sms-sent')).toContainText(phone.slice(-4))

  let sms = ''
  await expect
    .poll(async () => {
      const r = await request.get(`/api/dev/sms?to=${encodeURIComponent(phone)}`)
      sms = ((await r.json()) as { data: { body: string }[] }).data[0]?.body ?? ''
      return sms
    })
    .toMatch(new RegExp(`\\b\\d{${constants.coins.smsCodeLength}}\\b`))
  const right = sms.match(/\b(\d{4,10})\b/)![1]!
  const wrong = right === '0'.repeat(right.length) ? '1'.repeat(right.length) : '0'.repeat(right.length)

  await code.fill(wrong)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.locator('#code-error')).toHaveText(
    `That code is not right. ${constants.coins.smsCodeAttempts - 1} tries left.`,
  )
  await code.fill(right)
  await clickTo(
    page,
    () => page.getByRole('button', { name: 'Verify' }).click(),
    `/surveys?start=${survey!.id}`,
  )

  const mine = await request.get('/api/account/phone', { headers: { authorization: `Bearer ${m.token}` } })
  expect(((await mine.json()) as { data: { verified: boolean } }).data.verified).toBe(true)
  // back on the page, the phone shows as verified
  await page.goto('/account/survey/smsVerify')
  await expect(page.getByRole('heading', { name: 'Your phone is verified' })).toBeVisible()
})

test('targeting answers are saved and prefilled on the next visit (Spanish)', async ({ page, request }) => {
  await verifiedMember(page, request, 'Profile Member')
  const survey = (await surveys(request)).find((s) => s.has_targeting)
  expect(survey, 'a seeded survey asks targeting questions').toBeTruthy()

  await page.goto(`/account/survey/targeting/${survey!.id}?lang=es`)
  await expect(page.getByRole('heading', { level: 1, name: 'Antes, unas preguntas' })).toBeVisible()
  const groups = page.getByTestId('survey-targeting-page').getByRole('group')
  await expect(groups.first()).toBeVisible()
  await expectNoSeriousAxe(page, 'targeting')
  const n = await groups.count()
  expect(n).toBeGreaterThan(0)
  // saving with nothing chosen asks for every answer
  await page.getByRole('button', { name: 'Guardar y continuar' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Responde a todas las preguntas.' })).toBeVisible()
  // the last option of each question (65 or older, no car, no pet, ...) is one no seeded survey looks for
  const chosen: string[] = []
  for (let i = 0; i < n; i++) {
    const last = groups.nth(i).getByRole('radio').last()
    await last.check()
    chosen.push((await last.getAttribute('value'))!)
  }
  await page.getByRole('button', { name: 'Guardar y continuar' }).click()
  await expect(page.getByRole('heading', { name: 'Esta encuesta busca otros perfiles' })).toBeFocused()
  await expect(page.getByRole('link', { name: 'Ver otras encuestas' })).toHaveAttribute('href', '/surveys')

  await page.reload()
  await expect(groups.first()).toBeVisible()
  for (let i = 0; i < n; i++) {
    await expect(groups.nth(i).locator(`input[value="${chosen[i]}"]`)).toBeChecked()
  }
})

test('the better-offer page shows both surveys and either choice resumes the start, confirmed', async ({
  page,
  request,
}) => {
  await verifiedMember(page, request, 'Profile Member')
  const list = (await surveys(request)).sort((a, b) => a.coins_per_minute - b.coins_per_minute)
  const chosen = list[0]!
  const better = list.at(-1)!
  expect(better.coins_per_minute).toBeGreaterThan(chosen.coins_per_minute)
  const url = `/account/promoteBetterOffer?survey=${chosen.id}&better=${better.id}`

  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1, name: 'A survey that pays more' })).toBeVisible()
  await expect(page.getByTestId('better-chosen').getByRole('heading')).toHaveText(chosen.title)
  await expect(page.getByTestId('better-better').getByRole('heading')).toHaveText(better.title)
  await expect(page.getByTestId('better-chosen')).toContainText(
    `about ${chosen.survey_estimated_time_in_mins} min`,
  )
  await expect(page.getByTestId('better-better-per-minute')).toHaveText(
    new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(better.coins_per_minute),
  )
  await expect(page.getByTestId('better-gain')).toContainText(`“${better.title}” pays`)
  await expectNoSeriousAxe(page, 'promoteBetterOffer')
  await clickTo(
    page,
    () => page.getByRole('button', { name: 'Take the better-paying survey' }).click(),
    `/surveys?start=${better.id}&confirmed=1`,
  )

  await page.goto(url)
  await clickTo(
    page,
    () => page.getByRole('button', { name: 'Keep my choice' }).click(),
    `/surveys?start=${chosen.id}&confirmed=1`,
  )

  await page.goto('/account/promoteBetterOffer?survey=abc')
  await expect(page.getByTestId('better-problem')).toContainText('its link does not name them')
  await page.getByRole('link', { name: 'Back to surveys' }).click()
  await expect.poll(() => pathOf(page)).toMatch(/^\/surveys/)
})
