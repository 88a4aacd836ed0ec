/**
 * Issue 27, "Mail", in Chromium, English and Spanish: a notice mail (the test-mode sample, written like
 * every notice) carries its unsubscribe link; opening /unsub/<list>?token=… turns the setting off, and the
 * settings page shows the switch off with when and how. A mail app's RFC 8058 one-click POST (the mail's
 * List-Unsubscribe header) does the same for another list.
 */
import { type APIRequestContext, expect } from '@playwright/test'
import { test } from './fixtures'
import { expectNoSeriousAxe, signedInMember } from './helpers'

const T = {
  en: {
    subject: 'A sample notice',
    unsubscribe: 'Unsubscribe',
    title: "You're unsubscribed",
    list: 'cash back emails (tracked, confirmed, reversed)',
    manage: 'Manage email preferences',
    settings: 'Settings',
    rebates: 'Cash back updates by email',
    offers: 'Offers by email',
    byLink: /^Turned off on .+ with the unsubscribe link of one of our emails\./,
    byOneClick: /^Turned off on .+ with your email app's unsubscribe button\./,
  },
  es: {
    subject: 'Un aviso de muestra',
    unsubscribe: 'Cancelar la suscripción',
    title: 'Tu suscripción se canceló',
    list: 'los correos de reembolso (registrado, confirmado, revertido)',
    manage: 'Administrar preferencias de correo',
    settings: 'Configuración',
    rebates: 'Novedades de reembolsos por correo',
    offers: 'Ofertas por correo',
    byLink: /^Se desactivó el .+ con el enlace para cancelar la suscripción de uno de nuestros correos\./,
    byOneClick: /^Se desactivó el .+ con el botón para cancelar la suscripción de tu aplicación de correo\./,
  },
} as const

interface Sent {
  subject: string
  links: { label: string; url: string }[]
  headers?: Record<string, string>
}

/** The newest sample notice of the test-mode outbox to `to`, once it is there. */
async function sampleMail(request: APIRequestContext, to: string, subject: string): Promise<Sent> {
  let mail: Sent | undefined
  await expect
    .poll(async () => {
      const r = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
      mail = ((await r.json()) as { data: Sent[] }).data.find((m) => m.subject === subject)
      return mail !== undefined
    })
    .toBe(true)
  return mail!
}

for (const lng of ['en', 'es'] as const) {
  const t = T[lng]
  test(`/unsub/... turns the setting off, and the settings page shows it (${lng})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const m = await signedInMember(page, request, 'unsub', 'Unsub Member')
    const auth = { Authorization: `Bearer ${m.token}` }
    // the member reads the site and gets mail in this language
    expect(
      (await request.put('/api/account/settings', { data: { language: lng }, headers: auth })).ok(),
    ).toBe(true)
    if (lng === 'es') await page.goto('/?lang=es')

    // a cash back notice arrives with its unsubscribe link: the person opens it
    const sent = await request.post('/api/dev/mail/sample', { data: { email: m.email, list: 'cashback' } })
    expect(sent.ok()).toBe(true)
    const mail = await sampleMail(request, m.email, t.subject)
    const link = mail.links.find((l) => l.label === t.unsubscribe)
    expect(link?.url).toMatch(/\/unsub\/cashback\?token=/)
    const url = new URL(link!.url)
    await page.goto(url.pathname + url.search)
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible()
    await expect(page.getByTestId('unsub-list')).toHaveText(t.list)
    // the token leaves the address bar once used
    await expect(page).toHaveURL(/\/unsub\/cashback$/)
    await expectNoSeriousAxe(page, `unsubscribed ${lng}`)

    // the settings page: the switch is off, with when and how
    await page.getByRole('link', { name: t.manage }).click()
    await expect(page.getByRole('heading', { level: 1, name: t.settings })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: t.rebates })).not.toBeChecked()
    await expect(page.getByTestId('setting-email_rebates-unsubscribed')).toHaveText(t.byLink)
    await expect(page.getByRole('checkbox', { name: t.offers })).toBeChecked()
    await expectNoSeriousAxe(page, `settings after unsubscribe ${lng}`)

    // an offers notice: the mail app's one-click button posts to the List-Unsubscribe URL
    expect(
      (await request.post('/api/dev/mail/sample', { data: { email: m.email, list: 'offers' } })).ok(),
    ).toBe(true)
    await expect
      .poll(async () => {
        const r = await request.get(`/api/dev/outbox?to=${encodeURIComponent(m.email)}`)
        return ((await r.json()) as { data: Sent[] }).data.filter((x) => x.subject === t.subject).length
      })
      .toBe(2)
    const offers = await sampleMail(request, m.email, t.subject)
    expect(offers.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const oneClick = new URL(/<([^>]+)>/.exec(offers.headers?.['List-Unsubscribe'] ?? '')![1]!)
    const posted = await request.post(oneClick.pathname + oneClick.search, {
      form: { 'List-Unsubscribe': 'One-Click' },
    })
    expect(posted.ok()).toBe(true)
    await page.reload()
    await expect(page.getByRole('checkbox', { name: t.offers })).not.toBeChecked()
    await expect(page.getByTestId('setting-email_offers-unsubscribed')).toHaveText(t.byOneClick)
  })
}
