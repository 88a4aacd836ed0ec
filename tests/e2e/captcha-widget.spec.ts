/**
 * Issue 31 · captcha: with a site key on the server, the sign-up form shows the provider's widget in
 * our frame page (/captcha-frame), and the token it posts goes with the sign-up. No outside network is
 * reachable here, so the server's answer (GET /api/web/captcha, as it answers with CAPTCHA_SITE_KEY
 * set) and the frame page are played by the spec: the frame is a test-mode provider page that posts a
 * token the way ours does. The e2e server keeps the sandbox, which passes that token.
 */
import { expect } from '@playwright/test'
import { test } from './fixtures'
import { freshEmail, PASSWORD } from './helpers'

const FAKE_TOKEN = 'e2e-turnstile-token'

/** The test-mode provider: a button that "solves" the captcha and posts the token to the app, on its own origin only. */
const fakeFrame = `<!doctype html><html lang="en"><body>
<button type="button" id="solve">Verify you are human</button>
<script>
document.getElementById('solve').onclick = function () {
  window.parent.postMessage({ type: 'captcha-token', token: ${JSON.stringify(FAKE_TOKEN)} }, window.location.origin)
}
</script></body></html>`

test('with a site key, /register shows the widget frame in the form, and its token goes with the sign-up', async ({
  page,
}) => {
  await page.route('**/api/web/captcha', (r) =>
    r.fulfill({ json: { provider: 'turnstile', frame: '/captcha-frame' } }),
  )
  const frames: string[] = []
  await page.route('**/captcha-frame?*', (r) => {
    frames.push(new URL(r.request().url()).search)
    return r.fulfill({ contentType: 'text/html', body: fakeFrame })
  })
  const bodies: Record<string, unknown>[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/web/register')) bodies.push(r.postDataJSON())
  })

  await page.goto('/register')
  const m = page.getByTestId('signin-modal')
  const frame = m.getByTestId('captcha-frame')
  // in place: inside the sign-up form, after the terms and before the button
  await expect(
    m.locator('form [data-testid="captcha-step"] iframe[data-testid="captcha-frame"]'),
  ).toBeVisible()
  await expect(frame).toHaveAttribute('src', '/captcha-frame?action=register&lang=en')
  await expect(frame).toHaveAttribute('title', 'Captcha: confirm that you are a person')
  expect(frames).toEqual(['?action=register&lang=en'])

  await m.getByLabel('Name').fill('Widget Tester')
  await m.getByLabel('Email').fill(freshEmail('captcha-widget'))
  await m.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await m.getByLabel('I accept the Terms & Conditions').check()
  await page
    .frameLocator('[data-testid="captcha-frame"]')
    .getByRole('button', { name: 'Verify you are human' })
    .click()
  await expect(m.getByTestId('captcha-step').getByRole('status')).toHaveText('Thank you, confirmed.')
  await m.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByTestId('cash-balance')).toBeVisible()
  expect(bodies).toHaveLength(1)
  expect(bodies[0]?.['g-recaptcha-response']).toBe(FAKE_TOKEN)
})
