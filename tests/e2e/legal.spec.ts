import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'

/** Every legal route of SPEC 2.6 with its h1 in English and Spanish (default brand 'Rewards'). */
const PAGES: [path: string, en: string, es: string][] = [
  ['/terms', 'Terms of Service', 'Términos del servicio'],
  ['/privacy-policy', 'Privacy Policy', 'Política de privacidad'],
  ['/ccpa-notice', 'California Privacy Notice', 'Aviso de privacidad de California'],
  ['/iprights', 'Intellectual Property Rights', 'Derechos de propiedad intelectual'],
  ['/publisher-terms', 'Publisher Terms', 'Condiciones para editores'],
  ['/ccpa-privacy-rights', 'Your Privacy Rights', 'Tus derechos de privacidad'],
  [
    '/googleapiservicesuserdatapolicy',
    'Google API Services User Data Policy',
    'Política de datos de usuario de los servicios de API de Google',
  ],
  ['/license', 'Open-Source Notices', 'Avisos de código abierto'],
  ['/cookies', 'Cookies Policy', 'Política de cookies'],
  ['/about', 'About Rewards', 'Quiénes somos'],
  ['/careers', 'Careers', 'Empleo'],
  ['/news', 'News', 'Noticias'],
  [
    '/news/plus-membership-now-covers-streaming',
    'Plus membership now covers streaming subscriptions',
    'La membresía Plus ahora cubre suscripciones de streaming',
  ],
  [
    '/vulnerability-disclosure',
    'Vulnerability Disclosure Policy',
    'Política de divulgación de vulnerabilidades',
  ],
  ['/how-it-works', 'How Rewards works', 'Cómo funciona Rewards'],
  ['/uninstall', 'The extension has been removed', 'Se eliminó la extensión'],
  ['/contact', 'Contact us', 'Contacto'],
  ['/faq', 'Frequently asked questions', 'Preguntas frecuentes'],
  ['/review', 'Enjoying Rewards?', '¿Te gusta Rewards?'],
  ['/un', "You're unsubscribed", 'Tu suscripción se canceló'],
  ['/unsub/weekly-deals', "You're unsubscribed", 'Tu suscripción se canceló'],
]

/**
 * How far (px) the element's top is from where a hash target should land: 10 px below the viewport
 * top; infinitely far while the element is not in the page yet (the URL changes before the screen).
 */
function offsetError(page: Page, id: string): Promise<number> {
  return page.evaluate(
    ({ id, want }) => {
      const el = document.getElementById(id)
      return el ? Math.abs(el.getBoundingClientRect().top - want) : Number.POSITIVE_INFINITY
    },
    { id, want: constants.hashScrollOffsetPx },
  )
}

async function expectH1(page: Page, text: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
}

test.describe('every legal page renders its title (SPEC 2.6, 1: English and Spanish)', () => {
  for (const [path, en, es] of PAGES) {
    test(`${path} in English and Spanish`, async ({ page }) => {
      await page.goto(path)
      await expectH1(page, en)
      await expect(page.getByTestId('not-found')).toHaveCount(0)
      await page.goto(`${path}?${constants.languageQueryParam}=es`)
      await expectH1(page, es)
    })
  }
})

test.describe('terms and privacy variants (SPEC 2.6, 6, 9)', () => {
  test('the default brand gets the default terms', async ({ page }) => {
    await page.goto('/terms')
    const doc = page.getByTestId('legal-document')
    await expect(doc).toHaveAttribute('data-variant', 'default')
    // the offer terms of SPEC 1, with the numbers of SPEC 9
    await expect(doc).toContainText(`within ${constants.cashbackClaimWindowDays} days of signup`)
    await expect(doc).toContainText(`at least ${constants.minimumAge} years old`)
    await expect(doc).toContainText(`$${constants.couponBonusDollars}.00 bonus`)
    await expect(doc).toContainText('billed the monthly fee each month until you cancel')
    await expect(doc).toContainText('first-time members only')
    await expect(doc).toContainText('proof of purchase')
  })

  test('a visitor from the US gets the default privacy policy', async ({ page }) => {
    await page.goto('/privacy-policy')
    await expect(page.getByTestId('legal-document')).toHaveAttribute('data-variant', 'default')
    await expectH1(page, 'Privacy Policy')
  })

  test.describe('a visitor from the UK', () => {
    test.use({ extraHTTPHeaders: { 'x-country-code': 'GB' } })
    test('gets the UK privacy policy, in Spanish too', async ({ page }) => {
      await page.goto('/privacy-policy')
      await expect(page.getByTestId('legal-document')).toHaveAttribute('data-variant', 'uk')
      await expectH1(page, 'Privacy Policy (United Kingdom)')
      await expect(page.locator('#complaints')).toContainText("Information Commissioner's Office")
      await page.goto('/privacy-policy?lang=es')
      await expectH1(page, 'Política de privacidad (Reino Unido)')
      // but the same default terms
      await page.goto('/terms')
      await expect(page.getByTestId('legal-document')).toHaveAttribute('data-variant', 'default')
    })
  })
})

test.describe('scrolling (SPEC 2.1, 9: hash target 10 px from the top; top on navigation)', () => {
  test('/faq#<id> puts the question 10 px below the top of the viewport', async ({ page }) => {
    await page.goto('/faq#missing-cash-back')
    await expect(page.locator('#missing-cash-back')).toBeVisible()
    await expect.poll(() => offsetError(page, 'missing-cash-back')).toBeLessThanOrEqual(2)
    // and it stays there (nothing scrolls it away once the rest of the page has loaded)
    await page.waitForTimeout(300)
    expect(await offsetError(page, 'missing-cash-back')).toBeLessThanOrEqual(2)
  })

  test('a table-of-contents link scrolls to its section the same way', async ({ page }) => {
    await page.goto('/terms')
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Disclaimers' })
      .click()
    await expect.poll(() => new URL(page.url()).hash).toBe('#disclaimers')
    await expect.poll(() => offsetError(page, 'disclaimers')).toBeLessThanOrEqual(2)
  })

  test('an in-app link to /faq#<id> scrolls the same way', async ({ page }) => {
    await page.goto('/uninstall')
    await page.getByRole('link', { name: "My cash back didn't track" }).click()
    await expect(page).toHaveURL(/\/faq#missing-cash-back$/)
    await expect.poll(() => offsetError(page, 'missing-cash-back')).toBeLessThanOrEqual(2)
  })

  test('a footer link clicked from far down the page lands at the top', async ({ page }) => {
    await page.goto('/terms')
    await expectH1(page, 'Terms of Service')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    await page.getByTestId('footer-links').getByRole('link', { name: 'About us' }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expectH1(page, 'About Rewards')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('the footer lists the legal pages, in Spanish too', async ({ page }) => {
    await page.goto('/?lang=es')
    const footer = page.getByTestId('footer-links')
    await expect(footer.getByRole('link')).toHaveCount(11)
    await expect(footer.getByRole('link', { name: 'Términos del servicio' })).toHaveAttribute(
      'href',
      '/terms',
    )
    await expect(footer.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    )
  })
})

test.describe('news (SPEC 2.6)', () => {
  test('list, load more, open a post, and back', async ({ page }) => {
    await page.goto('/news')
    const list = page.getByTestId('news-list')
    await expect(list.getByRole('listitem').first()).toBeVisible()
    const first = await list.getByRole('listitem').count()
    await page.getByRole('button', { name: 'Load more news' }).click()
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(first)
    const link = list.getByRole('link').first()
    const title = (await link.textContent())!
    await link.click()
    await expect(page).toHaveURL(/\/news\/[a-z0-9-]+$/)
    await expectH1(page, title)
    await expect(page.locator('article p').nth(2)).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/news$/)
    await expectH1(page, 'News')
    await expect(page.getByTestId('news-list').getByRole('link', { name: title })).toBeVisible()
  })

  test('the list follows the language, with dates for it', async ({ page }) => {
    await page.goto('/news?lang=es')
    await expect(
      page.getByRole('link', { name: 'La membresía Plus ahora cubre suscripciones de streaming' }),
    ).toBeVisible()
    await expect(page.locator('time').first()).toHaveText(/ de \d{4}$/)
    await page.getByRole('button', { name: 'English' }).click()
    await expect(
      page.getByRole('link', { name: 'Plus membership now covers streaming subscriptions' }),
    ).toBeVisible()
  })

  test('an unknown story says so clearly', async ({ page }) => {
    await page.goto('/news/no-such-story')
    await expectH1(page, 'Story not found')
    await expect(page.getByTestId('news-not-found')).toContainText("We couldn't find that story")
  })
})

test.describe('unsubscribe (SPEC 2.6: unsub/{select*}, un)', () => {
  test('/unsub/weekly-deals names the list', async ({ page }) => {
    await page.goto('/unsub/weekly-deals')
    await expect(page.getByText('You have been unsubscribed from Weekly Deals.')).toBeVisible()
  })
  test('a list name from the URL is only ever text', async ({ page }) => {
    let dialog = false
    page.on('dialog', (d) => {
      dialog = true
      void d.dismiss()
    })
    await page.goto(`/unsub/${encodeURIComponent('<img src=x onerror=alert(1)>')}`)
    await expect(page.getByTestId('unsub-list')).toHaveText('<img src=x onerror=alert(1)>')
    await expect(page.locator('main img')).toHaveCount(0)
    expect(dialog).toBe(false)
  })
})

test.describe('accessibility and small screens', () => {
  const AXE = [
    '/terms',
    '/privacy-policy',
    '/news',
    '/faq',
    '/cookies',
    '/ccpa-notice',
    '/uninstall',
    '/news/faster-cash-back-confirmations',
    '/unsub/weekly-deals?lang=es',
  ]
  for (const path of AXE) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (path === '/news') await expect(page.getByTestId('news-list')).toBeVisible()
      await expect(page.getByTestId('footer-links')).toBeVisible()
      if (path === '/privacy-policy')
        await expect(page.getByTestId('legal-document')).toHaveAttribute('data-variant', /./)
      const { violations } = await new AxeBuilder({ page }).analyze()
      const bad = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      expect(bad).toEqual([])
    })
  }

  test('pages fit a 360 px wide screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    for (const path of ['/terms', '/cookies', '/news', '/faq', '/ccpa-notice']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360)
    }
  })
})
