import { type APIRequestContext, expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import {
  expectNoSeriousAxe as axe,
  freshEmail,
  futureExpiry,
  PASSWORD,
  pathOf,
  signedInMember,
  storedEvent,
} from './helpers'

const DECLINED = 'Your payment was declined. Please insert a valid card and click "submit".'

/** A real member, signed in the way a restored session looks (cookie token = stored user's token). */
const member = (page: Page, request: APIRequestContext) =>
  signedInMember(page, request, 'member', 'Plus Tester')

async function fillCard(page: Page, number: string, cvv = '123') {
  await page.locator('#pay-card').fill(number)
  await page.locator('#pay-zip').fill('10001')
  await page.locator('#pay-cvv').fill(cvv)
  await page.locator('#pay-exp').fill(futureExpiry())
}

test.describe('lander /spl/spland1 (SPEC 2.2, 2.9, 4, 5, 8)', () => {
  test('age gate, sign-up, payment decline then retry, accepted page with coins; each step passes axe', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const registerCalls: string[] = []
    const subscribeBodies: Record<string, string>[] = []
    const tokenizeBodies: Record<string, string>[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/web/register')) registerCalls.push(r.url())
      if (r.url().includes('/api/upsell/subscribe')) subscribeBodies.push(r.postDataJSON())
      if (r.url().includes('/sandbox-pay/v1/tokens')) tokenizeBodies.push(r.postDataJSON())
    })
    await page.goto('/spl/spland1')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Get $25.00 cash back on your first order',
    )
    await expect(page.getByTestId('offer-terms')).toContainText('7-day trial is free')
    await expect(page.getByTestId('offer-terms')).toContainText(
      '$12.99 is billed automatically every month until you cancel',
    )
    await expect(page.getByTestId('offer-terms')).toContainText('within 30 days of signup')
    await expect(page.getByTestId('offer-terms')).toContainText('18 or older')
    await expect(page.getByTestId('offer-terms')).toContainText('A $5.00 bonus applies with a coupon')
    await expect(page.getByText('Step 1 of 3')).toBeVisible()
    await axe(page, 'age gate')
    await page.getByRole('button', { name: 'I am 18 or older: I agree' }).click()

    // sign-up: every message next to its field, nothing sent until valid, phone optional
    const signup = page.getByTestId('signup')
    await expect(page.getByRole('heading', { name: 'Create your free account' })).toBeFocused()
    await signup.getByLabel('Email').fill('not-an-email')
    await signup.getByRole('button', { name: 'Continue' }).click()
    await expect(signup.getByText('Please enter your name.')).toBeVisible()
    await expect(signup.getByText('You have entered an invalid email address!')).toBeVisible()
    await expect(signup.getByText('The password must be at least 8 characters.')).toBeVisible()
    await expect(signup.getByText('Please accept the Terms & Conditions.')).toBeVisible()
    await expect(signup.getByLabel('Name')).toBeFocused()
    await expect(signup.getByLabel('Email')).toHaveValue('not-an-email')
    await axe(page, 'sign-up with errors')
    expect(registerCalls).toEqual([])
    const email = freshEmail('lander')
    await signup.getByLabel('Name').fill('Lander Member')
    await signup.getByLabel('Email').fill(email)
    await signup.getByLabel('Password').fill(PASSWORD)
    await signup.getByLabel(/I accept the/).check()
    await signup.getByRole('button', { name: 'Continue' }).click()

    // payment: the four 'cannot be empty' messages, nothing sent
    const pay = page.getByTestId('payment')
    await expect(pay).toBeVisible()
    await expect(page.getByText('Step 3 of 3')).toBeVisible()
    const honest = page.getByTestId('honest-terms')
    await expect(honest).toContainText('Today you pay $0.00. Your 7-day trial ends on')
    const end = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(Date.now() + 7 * 86_400_000)),
    )
    await expect(honest).toContainText(`${end}; then $12.99 is charged`)
    await expect(honest.getByRole('link', { name: /Cancel any time/ })).toHaveAttribute(
      'href',
      '/cancel-subscription',
    )
    await pay.getByRole('button', { name: 'Pay and start' }).click()
    for (const m of [
      'Card Number cannot be empty.',
      'Zip Code cannot be empty.',
      'Card CVV cannot be empty.',
      'Card Expiration cannot be empty.',
    ])
      await expect(pay.getByText(m)).toBeVisible()
    await expect(pay.getByLabel('Card number')).toBeFocused()
    await expect(pay.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true')
    expect(subscribeBodies).toEqual([])
    expect(tokenizeBodies).toEqual([])
    await axe(page, 'payment with errors')

    // a decline: the message next to the card, what was typed kept except the CVV, the opt-out offered
    await fillCard(page, '4000 0000 0000 0002')
    await pay.getByRole('button', { name: 'Pay and start' }).click()
    await expect(pay.getByText(DECLINED)).toBeVisible()
    await expect(pay.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002')
    await expect(pay.getByLabel('Zip code')).toHaveValue('10001')
    await expect(pay.getByLabel('Expiration')).toHaveValue(futureExpiry())
    await expect(pay.getByLabel('CVV')).toHaveValue('')
    await expect(pay.getByRole('button', { name: 'Continue without the membership' })).toBeVisible()
    await axe(page, 'payment declined')

    // retry with a good card
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242')
    await pay.getByLabel('CVV').fill('321')
    await pay.getByRole('button', { name: 'Pay and start' }).click()
    await expect.poll(() => pathOf(page)).toBe('/splthanq')
    // the card went to the sandbox provider's tokenizer; our API got only its token (issue 27)
    expect(tokenizeBodies.map((b) => b.card_number)).toEqual(['4000 0000 0000 0002', '4242 4242 4242 4242'])
    expect(subscribeBodies).toHaveLength(2)
    for (const b of subscribeBodies) {
      expect(b.payment_method).toMatch(/^pm_sandbox_/)
      expect(Object.keys(b)).not.toContain('card_number')
      expect(Object.keys(b)).not.toContain('cvv')
    }
    await expect(page.getByRole('heading', { name: 'Welcome to Plus!' })).toBeVisible()
    await expect(page.getByTestId('subscription-summary')).toContainText(
      `Trial until ${end}, then $12.99 a month`,
    )
    await expect(page.getByTestId('coins')).toBeVisible()
    const spsub = (await page.context().cookies()).find(
      (c) => c.name === constants.plusSubscriptionCookie.name,
    )
    expect(spsub).toBeDefined()
    const days = (spsub!.expires * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364.9)
    expect(days).toBeLessThanOrEqual(365.01)
    await axe(page, 'accepted')

    // funnel events through the tracking API, with the lander's own fields kept by the server
    const onLander = (p: Record<string, unknown>) => String(p.currenturl).endsWith('/spl/spland1')
    await storedEvent(page, 'lander_view', (p) => onLander(p) && p.lander === 'spl' && p.step === 1)
    await storedEvent(
      page,
      'lander_step_completed',
      (p) => onLander(p) && p.lander === 'spl' && p.block === 'age-gate' && p.step === 1,
    )
    await storedEvent(page, 'lander_step_completed', (p) => p.lander === 'spl' && p.block === 'signup')
    await storedEvent(page, 'payment_submitted', onLander)
    await storedEvent(page, 'payment_declined', onLander)
    await storedEvent(page, 'upsell_accepted', onLander)

    // leaving: the coins stop and are removed
    await page.getByRole('link', { name: 'Cancel a membership' }).click()
    await expect.poll(() => pathOf(page)).toBe('/cancel-subscription')
    await expect(page.getByTestId('coins')).toHaveCount(0)
    expect(await page.locator('[data-coin]').count()).toBe(0)

    // cancel in one step, with a clear confirmation
    await page.getByRole('button', { name: 'Cancel my Plus membership' }).click()
    await expect(page.getByTestId('cancel-confirmation')).toContainText(
      'your Plus membership is cancelled as of',
    )
    await expect(page.getByTestId('cancel-confirmation')).toContainText('You will not be billed again.')
    await expect(page.getByText('You have no active membership.')).toHaveCount(0)
    expect(
      (await page.context().cookies()).some((c) => c.name === constants.plusSubscriptionCookie.name),
    ).toBe(false)
    await axe(page, 'cancelled')
  })

  test('after a decline the opt-out records the decline and ends on /splnothanq', async ({
    page,
    request,
  }) => {
    await member(page, request)
    await page.goto('/spl/spland1?tpsha1=abc123')
    await page.getByRole('button', { name: 'I am 18 or older: I agree' }).click()
    // signed in: the sign-up step is already done
    await expect(page.getByText('Step 3 of 3')).toBeVisible()
    await fillCard(page, '4000000000000002')
    await page.getByRole('button', { name: 'Pay and start' }).click()
    await expect(page.getByText(DECLINED)).toBeVisible()
    const decline = page.waitForRequest((r) => r.url().endsWith('/api/upsell/decline'))
    await page.getByRole('button', { name: 'Continue without the membership' }).click()
    expect((await decline).postDataJSON()).toMatchObject({ plan: 'plus', tpsha1: 'abc123' })
    await expect.poll(() => pathOf(page)).toBe('/splnothanq?tpsha1=abc123')
    await expect(page.getByRole('heading', { name: 'No problem' })).toBeVisible()
    await expect(page.getByTestId('coins')).toHaveCount(0)
    await axe(page, 'declined page')
  })

  test('a visitor who jumps to step 3 is sent back to the first unfinished step', async ({ page }) => {
    await page.goto('/spl/spt/3')
    await expect.poll(() => pathOf(page)).toBe('/spl/spt/1')
    await expect(page.getByTestId('age-gate')).toBeVisible()
    await page.getByRole('button', { name: 'I am 18 or older: I agree' }).click()
    await expect.poll(() => pathOf(page)).toBe('/spl/spt/2')
    await page.goto('/spl/spt/3')
    await expect.poll(() => pathOf(page)).toBe('/spl/spt/2')
    await expect(page.getByTestId('signup')).toBeVisible()
  })

  test('the age gate: under 18 cannot go on', async ({ page }) => {
    await page.goto('/slander/shoes')
    await page.getByRole('button', { name: 'I am under 18' }).click()
    await expect(page.getByRole('alert')).toHaveText('Sorry, this offer is only for people 18 or older.')
    await expect(page.getByTestId('signup')).toHaveCount(0)
  })

  test('the exit-intent overlay: a dialog once per visit, Escape closes it and focus returns', async ({
    page,
  }) => {
    await page.goto('/spl/spland1')
    const agree = page.getByRole('button', { name: 'I am 18 or older: I agree' })
    await agree.focus()
    await page.mouse.move(400, 300)
    await page.mouse.move(400, -5)
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null, bubbles: true })),
    )
    const dialog = page.getByRole('dialog', { name: 'Wait, your offer is still here' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog.getByRole('button', { name: 'Finish joining' })).toBeFocused()
    await expect(dialog).toContainText('7-day trial. Then $12.99 a month until you cancel')
    await axe(page, 'exit intent')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(agree).toBeFocused()
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null, bubbles: true })),
    )
    await expect(dialog).toHaveCount(0)
  })

  test('lang=es: the lander and the payment messages in Spanish', async ({ page, request }) => {
    await member(page, request)
    await page.goto('/spl/spland1?lang=es')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Obtén $25.00 de reembolso en tu primer pedido',
    )
    await page.getByRole('button', { name: 'Tengo 18 años o más: acepto' }).click()
    await expect(page.getByTestId('honest-terms')).toContainText('Hoy pagas $0.00')
    await page.getByRole('button', { name: 'Pagar y comenzar' }).click()
    await expect(page.getByText('El número de tarjeta no puede estar vacío.')).toBeVisible()
    await expect(page.getByText('La fecha de vencimiento de la tarjeta no puede estar vacía.')).toBeVisible()
    await fillCard(page, '4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Pagar y comenzar' }).click()
    await expect(page.getByText('Tu pago fue rechazado.', { exact: false })).toBeVisible()
    await axe(page, 'payment es')
  })
})

test.describe('games (SPEC 2.9)', () => {
  test('/spl/spinv: the three-step quiz, then the eligibility check, then sign-up', async ({ page }) => {
    await page.goto('/spl/spinv')
    const quiz = page.getByTestId('quiz')
    await expect(quiz.getByText('Question 1 of 3')).toBeVisible()
    await axe(page, 'quiz')
    await quiz.getByRole('button', { name: 'Next' }).click()
    await expect(quiz.getByRole('alert')).toHaveText('Please choose an answer.')
    await quiz.getByLabel('Every week').check()
    await quiz.getByRole('button', { name: 'Next' }).click()
    await expect(quiz.getByText('Question 2 of 3')).toBeVisible()
    await quiz.getByLabel('Electronics').check()
    await quiz.getByRole('button', { name: 'Next' }).click()
    await quiz.getByLabel('Cash back').check()
    await quiz.getByRole('button', { name: 'See my result' }).click()
    const elig = page.getByTestId('eligibility')
    await expect(elig).toBeVisible()
    await axe(page, 'eligibility')
    await expect(elig.getByText('Good news: you qualify for this offer.')).toBeVisible({ timeout: 5000 })
    await elig.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByTestId('signup')).toBeVisible()
    await storedEvent(page, 'lander_step_completed', (p) => String(p.currenturl).endsWith('/spl/spinv'))
  })

  test('/spl/spwheel: the wheel always lands on the offer; with reduced motion it does not spin', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/spl/spwheel')
    const wheel = page.getByTestId('wheel')
    await expect(wheel).toContainText('Every spin wins $15.00 cash back on your first order.')
    await axe(page, 'wheel')
    await wheel.getByRole('button', { name: 'Spin the wheel' }).click()
    await expect(wheel.getByRole('status')).toHaveText('You won $15.00 cash back on your first order!')
    await wheel.getByRole('button', { name: 'Claim my $15.00' }).click()
    await expect(page.getByTestId('signup')).toBeVisible()
  })

  test('the wheel spins with motion allowed', async ({ page }) => {
    await page.goto('/spl/spwheel')
    const wheel = page.getByTestId('wheel')
    await wheel.getByRole('button', { name: 'Spin the wheel' }).click()
    await expect(wheel.getByRole('status')).toHaveText('Spinning…')
    await expect(wheel.getByRole('status')).toHaveText('You won $15.00 cash back on your first order!', {
      timeout: 6000,
    })
  })
})

test.describe('end pages and the plus membership (SPEC 2.2)', () => {
  test('/thankyou has falling coins; none with prefers-reduced-motion; /awesome sends visitors to /thankyou', async ({
    page,
  }) => {
    await page.goto('/thankyou')
    await expect(page.getByTestId('coins')).toBeVisible()
    await axe(page, 'thankyou')
    await page.goto('/awesome')
    await expect.poll(() => pathOf(page)).toBe('/thankyou')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/thankyou')
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
    await expect(page.getByTestId('coins')).toHaveCount(0)
  })

  test('/awesome for a member: coins; leaving for another page removes them', async ({ page, request }) => {
    await member(page, request)
    await page.goto('/awesome')
    await expect(page.getByRole('heading', { name: 'Awesome, Plus Tester!' })).toBeVisible()
    await expect(page.getByTestId('coins')).toBeVisible()
    await page.getByRole('link', { name: 'Start shopping' }).click()
    await expect.poll(() => pathOf(page)).toBe('/stores')
    await expect(page.getByTestId('coins')).toHaveCount(0)
  })

  test('the plus page: a visitor is asked to join; a member sees the honest price and joins', async ({
    page,
    request,
  }) => {
    await page.goto('/plus')
    await expect(page.getByRole('heading', { name: 'Plus membership', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create account or sign in' })).toBeVisible()
    await axe(page, 'plus visitor')
    await member(page, request)
    await page.goto('/plus')
    await expect(page.getByTestId('honest-terms')).toContainText('then $12.99 is charged')
    await fillCard(page, '4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay and start' }).click()
    await expect.poll(() => pathOf(page)).toBe('/splthanq')
    await page.goto('/cancel-subscription')
    await expect(page.getByRole('button', { name: 'Cancel my Plus membership' })).toBeVisible()
    await axe(page, 'cancel page')
  })

  test('/payment-error and /spoptout: try again or continue without the membership', async ({ page }) => {
    await page.goto('/payment-error?tpsha1=x1')
    await expect(page.getByRole('heading', { name: 'Your payment did not go through' })).toBeVisible()
    await axe(page, 'payment error')
    await page.getByRole('link', { name: 'Continue without the membership' }).click()
    await expect.poll(() => pathOf(page)).toBe('/spoptout?tpsha1=x1')
    await axe(page, 'opt-out')
    await page.getByRole('button', { name: 'Yes, continue without Plus' }).click()
    await expect.poll(() => pathOf(page)).toBe('/splnothanq?tpsha1=x1')
  })

  test('the upsell page: no thanks ends on the declined page', async ({ page, request }) => {
    await member(page, request)
    await page.goto('/spupsell')
    await expect(page.getByTestId('upsell')).toContainText('$4.99 a month')
    await axe(page, 'upsell')
    await page.getByRole('button', { name: 'Yes, add it' }).click()
    await expect(page.getByTestId('honest-terms')).toContainText('You pay $4.99 today and $4.99 every month')
    await page.goto('/upsell2')
    await page.getByRole('button', { name: 'No thanks' }).click()
    await expect.poll(() => pathOf(page)).toBe('/splnothanq')
  })
})
