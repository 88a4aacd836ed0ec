/**
 * The account member area (issue 13 part 3) in Chromium, English and Spanish: settings persist across
 * reload, a Plus member cancels in one flow, marking notifications read updates the header's count,
 * the contact message is sent (and the live chat works in its hours), and axe finds no serious issue.
 */
import { expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import { expectNoSeriousAxe, futureExpiry, registerByApi, restoreSession, signedInMember } from './helpers'

const LANGS = ['en', 'es'] as const
type Lang = (typeof LANGS)[number]
const T = {
  en: {
    settings: 'Settings',
    pii: 'Personal data for partners',
    offers: 'Offers by email',
    stats: 'Usage statistics',
    cookies: 'Tracking cookies',
    firefox: 'Firefox extension data',
    cancel: 'Cancel Plus membership',
    confirm: 'Yes, cancel',
    cancelled: 'Cancelled',
    trial: 'Free trial',
    markOne: /^Mark as read: /,
    markAll: 'Mark all as read',
    subject: 'Subject',
    message: 'Message',
    send: 'Send message',
    sent: 'Your message is sent',
  },
  es: {
    settings: 'Configuración',
    pii: 'Datos personales para socios',
    offers: 'Ofertas por correo',
    stats: 'Estadísticas de uso',
    cookies: 'Cookies de seguimiento',
    firefox: 'Datos de la extensión de Firefox',
    cancel: 'Cancelar Membresía Plus',
    confirm: 'Sí, cancelar',
    cancelled: 'Cancelada',
    trial: 'Prueba gratuita',
    markOne: /^Marcar como leída: /,
    markAll: 'Marcar todas como leídas',
    subject: 'Asunto',
    message: 'Mensaje',
    send: 'Enviar mensaje',
    sent: 'Tu mensaje se envió',
  },
} as const

const at = (path: string, lng: Lang) => (lng === 'es' ? `${path}?lang=es` : path)

async function checkbox(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name, exact: true })
  await expect(box).toBeVisible()
  return box
}

for (const lng of LANGS) {
  test.describe(`account member area (${lng})`, () => {
    test('settings: the SPEC 9 defaults, saved on change, still there after a reload', async ({
      page,
      request,
    }) => {
      await signedInMember(page, request, `settings-${lng}`)
      const t = T[lng]
      await page.goto(at('/account/settings', lng))
      await expect(page.getByRole('heading', { level: 1, name: t.settings })).toBeVisible()
      const want = constants.defaultTerms
      for (const [name, on] of [
        [t.stats, want.stats],
        [t.cookies, want.cookies],
        [t.firefox, want.firefox],
        [t.pii, want.pii],
      ] as const) {
        if (on) await expect(await checkbox(page, name)).toBeChecked()
        else await expect(await checkbox(page, name)).not.toBeChecked()
      }
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/account/settings') && r.request().method() === 'PUT',
      )
      await (await checkbox(page, t.pii)).check()
      expect((await saved).ok()).toBe(true)
      const saved2 = page.waitForResponse(
        (r) => r.url().endsWith('/api/account/settings') && r.request().method() === 'PUT',
      )
      await (await checkbox(page, t.offers)).uncheck()
      expect((await saved2).ok()).toBe(true)
      await page.reload()
      await expect(await checkbox(page, t.pii)).toBeChecked()
      await expect(await checkbox(page, t.offers)).not.toBeChecked()
      // /account/pss is the same screen with the same stored values
      await page.goto(at('/account/pss', lng))
      await expect(await checkbox(page, t.pii)).toBeChecked()
      await expectNoSeriousAxe(page, `settings ${lng}`)
    })

    test('a Plus member cancels the subscription in one flow', async ({ page, request }) => {
      const m = await registerByApi(request, undefined, 'Plus Member')
      // the card goes to the sandbox provider's tokenizer (outside /api); /api gets only its token
      const card = await request.post('/sandbox-pay/v1/tokens', {
        data: { card_number: '4242 4242 4242 4242', zip: '94107', cvv: '123', exp: futureExpiry() },
      })
      expect(card.ok()).toBe(true)
      const sub = await request.post('/api/upsell/subscribe', {
        headers: { authorization: `Bearer ${m.token}` },
        data: { plan: 'plus', payment_method: (await card.json()).id },
      })
      expect(sub.ok()).toBe(true)
      await restoreSession(page.context(), test.info().project.use.baseURL!, m)
      const t = T[lng]
      await page.goto(at('/account/subscription', lng))
      await expect(page.getByTestId('subscription-status')).toHaveText(t.trial)
      await expect(page.getByTestId('next-charge')).toContainText('12.99')
      await expectNoSeriousAxe(page, `subscription ${lng}`)
      await page.getByRole('button', { name: t.cancel }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: t.confirm }).click()
      await expect(page.getByTestId('cancel-done')).toBeVisible()
      await expect(page.getByTestId('subscription-status')).toHaveText(t.cancelled)
      await expect(dialog).toBeHidden()
      const subs = await request.get('/api/account/subscriptions', {
        headers: { authorization: `Bearer ${m.token}` },
      })
      expect(((await subs.json()) as { data: { status: string }[] }).data.map((x) => x.status)).toEqual([
        'cancelled',
      ])
      await page.reload()
      await expect(page.getByTestId('subscription-status')).toHaveText(t.cancelled)
    })

    test('contact: the message is sent to the support mailbox; the live chat follows its hours', async ({
      page,
      request,
    }) => {
      const m = await signedInMember(page, request, `contact-${lng}`, 'Casey Contact')
      const t = T[lng]
      await page.goto(at('/account/contact', lng))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const subject = `Question ${Date.now()} ${lng}`
      await page.getByLabel(t.subject, { exact: true }).fill(subject)
      await page.getByLabel(t.message, { exact: true }).fill('Where is my cash back from last week?')
      await page.getByRole('button', { name: t.send }).click()
      await expect(page.getByTestId('contact-sent')).toContainText(t.sent)
      const outbox = await request.get('/api/dev/outbox?to=support@example.com')
      const mails = ((await outbox.json()) as { data: { subject: string; body?: string; text?: string }[] })
        .data
      expect(mails.some((x) => x.subject === `Contact: ${subject}`)).toBe(true)

      const now = await request.get('/api/chat/conversations/current', {
        headers: { authorization: `Bearer ${m.token}` },
      })
      const open = ((await now.json()) as { open: boolean }).open
      const panel = page.getByTestId('chat-panel')
      if (open) {
        await panel.getByRole('button').first().click()
        await expect(panel.getByRole('log')).toBeVisible()
        await panel.getByRole('textbox').fill('Hello from the e2e test')
        await panel.locator('form').getByRole('button').first().click()
        await expect(panel.getByRole('log')).toContainText('Hello from the e2e test')
        const stored = await request.get('/api/chat/conversations/current', {
          headers: { authorization: `Bearer ${m.token}` },
        })
        const conv = ((await stored.json()) as { data: { messages: { body: string }[] } }).data
        expect(conv.messages.map((x) => x.body)).toContain('Hello from the e2e test')
      } else {
        await expect(panel.getByTestId('chat-closed')).toBeVisible()
      }
      await expectNoSeriousAxe(page, `contact ${lng}`)
    })
  })
}

test.describe('notifications and the header count', () => {
  test('marking one read, then all, updates the count in the header (English, then Spanish)', async ({
    page,
    request,
  }) => {
    // a member of its own with three unread notifications (the test-mode route), whatever ran before
    const m = await signedInMember(page, request, 'notifications')
    const made = await request.post('/api/dev/notifications', { data: { email: m.email, count: 3 } })
    expect(made.ok()).toBe(true)
    const before = await request.get('/api/account/notifications', {
      headers: { authorization: `Bearer ${m.token}` },
    })
    const unread = ((await before.json()) as { unread: number }).unread
    expect(unread).toBe(3)
    await page.goto('/account/notifications')
    const header = page.getByRole('banner')
    await expect(header.getByTestId('unread-count')).toHaveText(String(unread))
    await expectNoSeriousAxe(page, 'notifications en')
    await page.getByRole('button', { name: T.en.markOne }).first().click()
    await expect(header.getByTestId('unread-count')).toHaveText(String(unread - 1))
    await page.goto('/account/notifications?lang=es')
    await expect(header.getByTestId('unread-count')).toHaveText(String(unread - 1))
    await page.getByRole('button', { name: T.es.markAll }).click()
    await expect(header.getByTestId('unread-count')).toHaveCount(0)
    await expect(header.getByRole('link', { name: 'Notificaciones', exact: true })).toBeVisible()
    await expectNoSeriousAxe(page, 'notifications es')
  })
})

test.describe('landmarks, headings and labels of the other member pages', () => {
  const pages = [
    '/account/profile',
    '/account/profile/verify',
    '/account/billing',
    '/account/shipsubscription',
    '/account/sfbenefits',
    '/account/rxbenefits',
    '/account/fdrd',
  ]
  for (const lng of LANGS) {
    test(`each has one h1, a main landmark, no loading left and no serious axe issue (${lng})`, async ({
      page,
      request,
    }) => {
      await signedInMember(page, request, `pages-${lng}`)
      for (const path of pages) {
        await page.goto(at(path, lng))
        await expect(page.getByRole('main')).toBeVisible()
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
        await expect(page.getByTestId('member-loading')).toHaveCount(0)
        await expect(page.getByTestId('member-error')).toHaveCount(0)
        await expect(page.locator('html')).toHaveAttribute('lang', lng)
        await expectNoSeriousAxe(page, `${path} ${lng}`)
      }
    })
  }
})
