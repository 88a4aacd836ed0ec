import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeServices, makeI18n, renderWith } from '../test-utils'
import { listLabel } from '../unsub'
import UnsubscribePage from './UnsubscribePage'

describe('UnsubscribePage (/un, /unsub/*)', () => {
  it('names a known list from the splat', async () => {
    renderWith(<UnsubscribePage params={{ '*': 'weekly-deals' }} />, { i18n: await makeI18n() })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("You're unsubscribed")
    expect(screen.getByText(/You have been unsubscribed from/).textContent).toBe(
      'You have been unsubscribed from Weekly Deals.',
    )
  })

  it('shows an unknown list as it came, as text: a <script> stays text', async () => {
    const evil = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2">'
    const { container } = renderWith(<UnsubscribePage params={{ '*': evil }} />, { i18n: await makeI18n() })
    expect(screen.getByTestId('unsub-list').textContent).toBe(evil)
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('img')).toBeNull()
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('without a list (/un) confirms the marketing emails, in Spanish too', async () => {
    renderWith(<UnsubscribePage params={{}} />, { i18n: await makeI18n('es') })
    expect(screen.getByText('Ya no recibirás nuestros correos promocionales.')).toBeTruthy()
  })

  it('listLabel trims, ignores trailing slashes and caps long names', () => {
    expect(listLabel('weekly-deals/', { 'weekly-deals': 'Weekly Deals' })).toBe('Weekly Deals')
    expect(listLabel('WEEKLY-DEALS', { 'weekly-deals': 'Weekly Deals' })).toBe('Weekly Deals')
    expect(listLabel('', {})).toBeNull()
    expect(listLabel(undefined, {})).toBeNull()
    expect(listLabel('toString', {})).toBe('toString')
    expect(listLabel('x'.repeat(500), {})!.length).toBe(121)
  })
})

describe("a mail's unsubscribe link (/unsub/cashback?token=…, issue 26)", () => {
  const services = (post: (url: string, body: unknown) => Promise<unknown>) =>
    ({ ...fakeServices(), http: { post } }) as unknown as ReturnType<typeof fakeServices>

  it('posts its token and says so once the server turned the mails off', async () => {
    const posted: unknown[] = []
    renderWith(<UnsubscribePage params={{ '*': 'cashback' }} />, {
      i18n: await makeI18n(),
      path: '/unsub/cashback?token=12.abc',
      services: services(async (url, body) => {
        posted.push([url, body])
        return { success: true, list: 'cashback' }
      }),
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unsubscribing…')
    expect((await screen.findByTestId('unsub-list')).textContent).toBe(
      'cash back emails (tracked, confirmed, reversed)',
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("You're unsubscribed")
    expect(posted[0]).toEqual(['/api/unsubscribe', { token: '12.abc' }])
  })

  it('says when the link did not work, in Spanish', async () => {
    renderWith(<UnsubscribePage params={{ '*': 'cashback' }} />, {
      i18n: await makeI18n('es'),
      path: '/unsub/cashback?token=bad',
      services: services(() => Promise.reject(new Error('400'))),
    })
    expect((await screen.findByTestId('unsub-failed')).textContent).toMatch(
      /No pudimos cancelar tu suscripción/,
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Este enlace no funcionó')
  })
})

describe('links of every list (issue 27: /un and /unsub/* act through the signed token)', () => {
  const services = (post: (url: string, body: unknown) => Promise<unknown>) =>
    ({ ...fakeServices(), http: { post } }) as unknown as ReturnType<typeof fakeServices>

  it('/un?token=… names the list the server turned off (all), and points to the settings page', async () => {
    renderWith(<UnsubscribePage params={{}} />, {
      i18n: await makeI18n(),
      path: '/un?token=7.abc',
      services: services(async () => ({ success: true, list: 'all' })),
    })
    expect((await screen.findByTestId('unsub-list')).textContent).toBe('all marketing emails')
    expect(screen.getByRole('link', { name: 'Manage email preferences' }).getAttribute('href')).toBe(
      '/account/settings',
    )
  })

  it('/unsub/offers?token=… names the offer emails, in Spanish', async () => {
    renderWith(<UnsubscribePage params={{ '*': 'offers' }} />, {
      i18n: await makeI18n('es'),
      path: '/unsub/offers?token=7.abc',
      services: services(async () => ({ success: true, list: 'offers' })),
    })
    expect((await screen.findByTestId('unsub-list')).textContent).toBe(
      'los correos de ofertas (promociones, reembolso extra y tiendas nuevas)',
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tu suscripción se canceló')
  })
})
