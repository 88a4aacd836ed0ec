/**
 * Rebate claims (issue 27) in Chromium, English and Spanish, on the production build: a Plus member
 * opens a benefit's rebates page, follows its claim link, files a claim with the order number, date,
 * amount and a PDF receipt, and sees it in review with what is left of the monthly cap; a file named
 * .pdf that is not a PDF is refused with a sentence under the receipt field.
 */
import { expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import { expectNoSeriousAxe, freshEmail, type Registered, registerByApi, restoreSession } from './helpers'

const T = {
  en: {
    link: 'Claim a Shipping rebate',
    heading: 'Claim a Shipping rebate',
    order: 'Order number',
    date: 'Order date',
    amount: 'Amount (dollars)',
    receipt: 'Receipt',
    send: 'File claim',
    filed: 'Your claim is filed and in review.',
    inReview: 'In review',
    notPdf: 'The receipt must be a photo (PNG, JPEG, WebP, HEIC) or a PDF.',
    left: (left: string, cap: string) => `Left this month: ${left} of ${cap}.`,
  },
  es: {
    link: 'Reclamar un reembolso de Envíos',
    heading: 'Reclamar un reembolso de Envíos',
    order: 'Número de pedido',
    date: 'Fecha del pedido',
    amount: 'Importe (dólares)',
    receipt: 'Recibo',
    send: 'Enviar reclamo',
    filed: 'Tu reclamo se envió y está en revisión.',
    inReview: 'En revisión',
    notPdf: 'El recibo debe ser una foto (PNG, JPEG, WebP, HEIC) o un PDF.',
    left: (left: string, cap: string) => `Disponible este mes: ${left} de ${cap}.`,
  },
} as const

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const CAP_CENTS = constants.shippingRebateMaxPerMonth * constants.numberFormat.centsDivisor
const CLAIM_CENTS = 1250
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

/** A new member made a Plus member by the test-mode route, signed in with the user the server now gives. */
async function plusMember(page: Page, tag: string): Promise<Registered> {
  const request = page.request
  const m = await registerByApi(request, freshEmail(tag))
  expect((await request.post('/api/dev/rebate-claims/plus', { data: { email: m.email } })).ok()).toBe(true)
  const r = await request.post('/api/refresh', { headers: { authorization: `Bearer ${m.token}` }, data: {} })
  const user = r.ok() ? ((await r.json()) as { user?: Registered['user'] }).user : undefined
  const signed = {
    ...m,
    user: user ?? { ...m.user, plus: { active: true }, subs: { plus: true, shipping: false } },
  }
  await restoreSession(page.context(), test.info().project.use.baseURL!, signed)
  return signed
}

for (const lng of ['en', 'es'] as const) {
  const t = T[lng]
  const at = (path: string) => (lng === 'es' ? `${path}?lang=es` : path)
  test(`a rebate claim with a receipt is filed and shows in review (${lng})`, async ({ page }) => {
    test.setTimeout(60_000)
    await plusMember(page, `claim-${lng}`)

    // the benefit's rebates page links to its claim form
    await page.goto(at('/account/rebates/shipping'))
    await expect(page.locator('html')).toHaveAttribute('lang', lng)
    await page.getByRole('link', { name: t.link }).click()
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible()
    await expect(page.getByTestId('rebate-claim-left')).toHaveText(
      t.left(dollars(CAP_CENTS), dollars(CAP_CENTS)),
    )
    await expectNoSeriousAxe(page, `claim form ${lng}`)

    const form = page.getByTestId('rebate-claim-form')
    const order = `SHIP-${Date.now()}`
    await form.getByLabel(t.order).fill(order)
    await form.getByLabel(t.date).fill(daysAgo(4))
    await form.getByLabel(t.amount).fill((CLAIM_CENTS / 100).toFixed(2))

    // a text file named receipt.pdf is refused by its bytes
    await form.getByLabel(t.receipt).setInputFiles({
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('not a pdf, only its name says so'),
    })
    await form.getByRole('button', { name: t.send }).click()
    await expect(form.locator('#receipt-error')).toHaveText(t.notPdf)

    // the real PDF is taken: filed, in review, the cap's remainder shown
    await form
      .getByLabel(t.receipt)
      .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF })
    await form.getByRole('button', { name: t.send }).click()
    await expect(page.getByTestId('rebate-claim-done')).toContainText(t.filed)
    const claim = page.getByTestId('rebate-claim').filter({ hasText: order })
    await expect(claim).toHaveAttribute('data-status', 'in_review')
    await expect(claim.getByTestId('rebate-claim-status')).toHaveText(t.inReview)
    await expect(page.getByTestId('rebate-claim-left')).toHaveText(
      t.left(dollars(CAP_CENTS - CLAIM_CENTS), dollars(CAP_CENTS)),
    )
    await expectNoSeriousAxe(page, `claim filed ${lng}`)

    // back on the rebates page, the claim is listed in review
    await page.goto(at('/account/rebates/shipping'))
    const listed = page.getByTestId('rebate-claim').filter({ hasText: order })
    await expect(listed.getByTestId('rebate-claim-status')).toHaveText(t.inReview)
    await expect(listed).toContainText(dollars(CLAIM_CENTS))
  })
}
