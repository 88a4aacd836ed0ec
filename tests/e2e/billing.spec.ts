/**
 * Membership billing (issue 27), in English and in Spanish, on the production build as `npm start`
 * serves it: the card goes to the sandbox provider's tokenizer (never to /api); a Plus trial renews and
 * bills on a moved clock (the test-mode POST /api/dev/billing/advance moves the membership's dates back
 * and runs the due renewals, no waiting); a declined renewal goes past due and recovers through the
 * mailed /updatepay_method link; a second trial is refused.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { test } from './fixtures'
import {
  expectNoSeriousAxe,
  futureExpiry,
  mailLink,
  pathOf,
  type Registered,
  signedInMember,
} from './helpers'

const LANGS = ['en', 'es'] as const
type Lang = (typeof LANGS)[number]
const at = (path: string, lng: Lang) =>
  lng === 'es' ? `${path}${path.includes('?') ? '&' : '?'}lang=es` : path

const T = {
  en: {
    pay: 'Pay and start',
    trial: 'Free trial',
    active: 'Active',
    pastDue: 'Past due: the last payment was declined',
    paid: 'Paid',
    declined: 'Your payment was declined.',
    updateTitle: 'Update the card of your Plus membership',
    pastDueLine: 'Your last payment of $12.99 was declined',
    payButton: 'Update card and pay $12.99',
    done: 'Thank you! Your card is updated, $12.99 was charged and your membership is active again.',
    trialUsed:
      'You have already had a free trial of this membership: the trial is for first-time members only.',
  },
  es: {
    pay: 'Pagar y comenzar',
    trial: 'Prueba gratuita',
    active: 'Activa',
    pastDue: 'Pago pendiente: el último pago fue rechazado',
    paid: 'Pagado',
    declined: 'Tu pago fue rechazado.',
    updateTitle: 'Actualiza la tarjeta de tu membresía Plus',
    pastDueLine: 'Tu último pago de',
    payButton: 'Actualizar tarjeta y pagar',
    done: '¡Gracias! Tu tarjeta está actualizada',
    trialUsed: 'Ya tuviste una prueba gratis de esta membresía: la prueba es solo para miembros nuevos.',
  },
}

async function fillCard(page: Page, prefix: string, number: string) {
  await page.locator(`#${prefix}-card`).fill(number)
  await page.locator(`#${prefix}-zip`).fill('10001')
  await page.locator(`#${prefix}-cvv`).fill('123')
  await page.locator(`#${prefix}-exp`).fill(futureExpiry())
}

/** The Plus trial, started on the /plus page's card form (the card goes to the sandbox tokenizer). */
async function startTrial(page: Page, lng: Lang, card: string) {
  const tokenized = page.waitForResponse((r) => r.url().endsWith('/sandbox-pay/v1/tokens'))
  await page.goto(at('/plus', lng))
  await fillCard(page, 'pay', card)
  const subscribe = page.waitForRequest((r) => r.url().endsWith('/api/upsell/subscribe'))
  await page.getByRole('button', { name: T[lng].pay }).click()
  expect((await tokenized).status()).toBe(200)
  const body = (await subscribe).postDataJSON() as Record<string, unknown>
  expect(body.payment_method).toMatch(/^pm_sandbox_/)
  expect(JSON.stringify(body)).not.toContain(card.replace(/ /g, '').slice(0, 12))
  await expect.poll(() => pathOf(page)).toMatch(/^\/splthanq/)
}

/** The moved clock: the membership's dates `days` back, then the due renewals (test mode only). */
async function advance(request: APIRequestContext, m: Registered, days: number) {
  const r = await request.post('/api/dev/billing/advance', { data: { email: m.email, days } })
  expect(r.ok()).toBe(true)
  return (await r.json()) as { paid: number; declined: number }
}

async function trialDays(request: APIRequestContext) {
  const plans = (await (await request.get('/api/plans')).json()) as {
    data: { plan: string; trial_days: number }[]
  }
  return plans.data.find((p) => p.plan === 'plus')!.trial_days
}

for (const lng of LANGS) {
  test.describe(`membership billing (${lng})`, () => {
    test(`${lng}: a Plus trial renews and bills on a moved clock`, async ({ page, request }) => {
      const m = await signedInMember(page, request, `renew-${lng}`)
      await startTrial(page, lng, '4242 4242 4242 4242')
      await page.goto(at('/account/subscription', lng))
      await expect(page.getByTestId('subscription-status')).toHaveText(T[lng].trial)
      // the trial's days pass: the first month is charged, the trial becomes active
      expect(await advance(request, m, (await trialDays(request)) + 1)).toMatchObject({
        paid: 1,
        declined: 0,
      })
      await page.goto(at('/account/subscription', lng))
      await expect(page.getByTestId('subscription-status')).toHaveText(T[lng].active)
      await expect(page.getByTestId('next-charge')).toContainText('12.99')
      await expectNoSeriousAxe(page, `subscription active ${lng}`)
      await page.goto(at('/account/billing', lng))
      const charge = page.getByTestId('charge').filter({ hasText: '12.99' })
      await expect(charge).toHaveCount(1)
      await expect(charge).toContainText(T[lng].paid)
      await expect(charge).toContainText('4242')
      await expectNoSeriousAxe(page, `billing ${lng}`)
    })

    test(`${lng}: a declined renewal goes past due and recovers through /updatepay_method`, async ({
      page,
      request,
      browser,
    }) => {
      const m = await signedInMember(page, request, `pastdue-${lng}`)
      // 4000 0000 0000 0341: the trial starts, every charge of money is declined
      await startTrial(page, lng, '4000 0000 0000 0341')
      expect(await advance(request, m, (await trialDays(request)) + 1)).toMatchObject({
        paid: 0,
        declined: 1,
      })
      await page.goto(at('/account/subscription', lng))
      await expect(page.getByTestId('subscription-status')).toHaveText(T[lng].pastDue)
      await expect(page.getByTestId('past-due')).toBeVisible()
      await expectNoSeriousAxe(page, `subscription past due ${lng}`)

      // the mailed link, opened in another browser with no sign-in (the route is for guests)
      const link = await mailLink(request, m.email, /declined|rechaz/i)
      expect(link).toMatch(/^\/updatepay_method\?token=/)
      // the member, still signed in here, follows it too: the card form, not the account page (the
      // route is for guests, but the link is its own key)
      await page.goto(at(link, lng))
      await expect(page.getByTestId('updatepay-form')).toBeVisible()
      expect(new URL(page.url()).pathname).toBe('/updatepay_method')
      const guest = await browser.newContext({ baseURL: test.info().project.use.baseURL })
      page = await guest.newPage()
      await page.goto(at(link, lng))
      const form = page.getByTestId('updatepay-form')
      await expect(form.getByRole('heading', { name: T[lng].updateTitle })).toBeVisible()
      await expect(page.getByTestId('updatepay-pastdue')).toContainText(T[lng].pastDueLine)
      await expectNoSeriousAxe(page, `updatepay ${lng}`)
      // another declining card: said next to the card number, still past due
      await fillCard(page, 'upd', '4000 0000 0000 0341')
      await form.getByRole('button', { name: T[lng].payButton }).click()
      await expect(form.getByText(T[lng].declined, { exact: false })).toBeVisible()
      await expect(page.locator('#upd-card')).toHaveAttribute('aria-invalid', 'true')
      await expectNoSeriousAxe(page, `updatepay declined ${lng}`)
      await fillCard(page, 'upd', '4242 4242 4242 4242')
      await form.getByRole('button', { name: T[lng].payButton }).click()
      await expect(page.getByTestId('updatepay-done')).toContainText(T[lng].done)

      const subs = await request.get('/api/account/subscriptions', {
        headers: { authorization: `Bearer ${m.token}` },
      })
      expect(((await subs.json()) as { data: { status: string }[] }).data[0]!.status).toBe('active')
      await guest.close()
    })

    test(`${lng}: a second trial is refused`, async ({ page, request }) => {
      const m = await signedInMember(page, request, `second-${lng}`)
      await startTrial(page, lng, '4242 4242 4242 4242')
      const cancel = await request.post('/api/cancel-subscription', {
        headers: { authorization: `Bearer ${m.token}` },
        data: { plan: 'plus' },
      })
      expect(cancel.ok()).toBe(true)
      await page.goto(at('/plus', lng))
      await fillCard(page, 'pay', '4242 4242 4242 4242')
      await page.getByRole('button', { name: T[lng].pay }).click()
      await expect(page.getByTestId('payment').getByRole('alert')).toHaveText(T[lng].trialUsed)
      await expect.poll(() => pathOf(page)).toMatch(/^\/plus/)
      await expectNoSeriousAxe(page, `second trial ${lng}`)
    })
  })
}
