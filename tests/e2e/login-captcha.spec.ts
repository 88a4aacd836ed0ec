/**
 * Issue 25, item 12: failed sign-ins of an address cannot lock its member out. Past
 * constants.abuseLimits.loginFailuresBeforeCaptcha failures (from anywhere) the sign-in form shows the
 * captcha step (the sandbox's "I'm not a robot" box, announced in the form's alert), and checking it
 * signs the member in. In English and Spanish.
 */
import { expect } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import { expectNoSeriousAxe, freshEmail, PASSWORD, registerByApi } from './helpers'

const texts = {
  en: {
    why: 'There were several failed sign-ins for this email. Please confirm that you are a person, and we will sign you in.',
    robot: "I'm not a robot",
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
  },
  es: {
    why: 'Hubo varios intentos fallidos de iniciar sesión con este correo. Confirma que eres una persona y te conectaremos.',
    robot: 'No soy un robot',
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
  },
} as const

for (const lng of ['en', 'es'] as const) {
  test(`(${lng}) after failed sign-ins elsewhere, the member signs in through the captcha step`, async ({
    page,
    request,
  }) => {
    const t = texts[lng]
    const m = await registerByApi(request, freshEmail(`captcha-${lng}`))
    // someone else guesses: each failure counts for the address, from any IP
    for (let i = 0; i < constants.abuseLimits.loginFailuresBeforeCaptcha; i++) {
      const r = await request.post('/api/web/login', {
        data: { email: m.email, password: `guess number ${i}`, 'g-recaptcha-response': 'e2e' },
      })
      expect(r.status()).toBe(422)
    }
    await page.goto(`/login?lang=${lng}`)
    const modal = page.getByTestId('signin-modal')
    await modal.getByLabel(t.email).fill(m.email)
    await modal.getByLabel(t.password, { exact: true }).fill(PASSWORD)
    await modal.getByRole('button', { name: t.signIn, exact: true }).click()
    await expect(modal.getByRole('alert')).toHaveText(t.why)
    const box = modal.getByRole('checkbox', { name: t.robot })
    await expect(box).toBeFocused()
    await expectNoSeriousAxe(page, `captcha step ${lng}`, '[data-testid="signin-modal"]')
    await box.check()
    await expect(modal).toHaveCount(0)
    await expect(page.getByTestId('cash-balance')).toBeVisible()
  })
}
