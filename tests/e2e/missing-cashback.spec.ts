/**
 * Missing cash back (issue 26), English and Spanish: a member who left for two stores through the site
 * reports a purchase. At the store left for today the report is refused with the day it becomes
 * possible, and nothing typed is lost; at the store left for days ago it is filed and listed "under
 * review" with today's date. The page is reached from the purchase history's link.
 */
import { type APIRequestContext, expect } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import { expectNoSeriousAxe, freshEmail, restoreSession } from './helpers'

const LANGS = ['en', 'es'] as const
type Lang = (typeof LANGS)[number]
const T = {
  en: {
    link: 'Missing cash back?',
    heading: 'Report a purchase',
    store: 'Store',
    date: 'Order date',
    order: 'Order number',
    amount: 'Order amount (dollars)',
    send: 'Send report',
    tooSoon: /you can report this purchase from /,
    underReview: /^Under review since /,
    filed: /your report is under review/,
    required: 'Please enter the order number.',
  },
  es: {
    link: '¿Falta un reembolso?',
    heading: 'Reportar una compra',
    store: 'Tienda',
    date: 'Fecha del pedido',
    order: 'Número de pedido',
    amount: 'Importe del pedido (dólares)',
    send: 'Enviar reporte',
    tooSoon: /puedes reportar esta compra a partir del /,
    underReview: /^En revisión desde el /,
    filed: /tu reporte está en revisión/,
    required: 'Escribe el número de pedido.',
  },
} as const

const at = (path: string, lng: Lang) => (lng === 'es' ? `${path}?lang=es` : path)
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)

/** A verified member (the development sign-in) with a click at two stores: one days ago, one today. */
async function memberWithClicks(request: APIRequestContext) {
  const email = freshEmail('missing')
  const r = await request.post('/api/auth/dev/callback', { data: { email, name: 'Missing Member' } })
  expect(r.ok()).toBe(true)
  const login = (await r.json()) as {
    login_token: string
    user: { user_id: number } & Record<string, unknown>
  }
  const stores = (await (await request.get('/api/stores?per_page=2')).json()) as {
    data: { internal_name: string; name: string }[]
  }
  const [old, fresh] = stores.data
  const days = constants.cashback.inquiryMinDaysAfterClick + 1
  expect(
    (
      await request.post('/api/dev/clicks', { data: { email, store: old!.internal_name, days_ago: days } })
    ).ok(),
  ).toBe(true)
  expect(
    (
      await request.post('/api/dev/clicks', { data: { email, store: fresh!.internal_name, days_ago: 0 } })
    ).ok(),
  ).toBe(true)
  return { email, token: login.login_token, user: login.user, old: old!, fresh: fresh! }
}

for (const lng of LANGS) {
  test(`a member reports missing cash back and sees it under review (${lng})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const t = T[lng]
    const m = await memberWithClicks(request)
    await restoreSession(page.context(), baseURL!, m)

    await page.goto(at('/account/purchase-history', lng))
    await page.getByRole('link', { name: t.link }).click()
    await expect(page).toHaveURL(/\/account\/missing-cashback/)
    const form = page.getByTestId('missing-form')
    await expect(form.getByRole('heading', { name: t.heading })).toBeVisible()

    // a missing field: its own message, and the focus on it
    await form.getByLabel(t.store).selectOption(m.fresh.internal_name)
    await form.getByLabel(t.date).fill(day(0))
    await form.getByLabel(t.amount).fill('49.99')
    await form.getByRole('button', { name: t.send }).click()
    await expect(form.getByText(t.required)).toBeVisible()
    await expect(form.getByLabel(t.order)).toBeFocused()

    // the store left for today: refused with the day it becomes possible; nothing typed is lost
    const order = `E2E-${Date.now()}`
    await form.getByLabel(t.order).fill(order)
    await form.getByRole('button', { name: t.send }).click()
    await expect(form.getByText(t.tooSoon)).toBeVisible()
    await expect(form.getByLabel(t.order)).toHaveValue(order)
    await expect(form.getByLabel(t.amount)).toHaveValue('49.99')

    // the store left for days ago: filed, and listed under review since today
    await form.getByLabel(t.store).selectOption(m.old.internal_name)
    await form.getByLabel(t.date).fill(day(-1))
    await form.getByRole('button', { name: t.send }).click()
    await expect(page.getByTestId('missing-done')).toHaveText(t.filed)
    const item = page.getByTestId('inquiry').filter({ hasText: order })
    await expect(item).toHaveAttribute('data-status', 'under_review')
    await expect(item.getByTestId('inquiry-status')).toHaveText(t.underReview)
    await expect(item).toContainText(m.old.name)

    // still there after a reload (the server's list)
    await page.reload()
    await expect(page.getByTestId('inquiry').filter({ hasText: order })).toHaveAttribute(
      'data-status',
      'under_review',
    )
    await expectNoSeriousAxe(page, `missing cash back ${lng}`)
  })
}
