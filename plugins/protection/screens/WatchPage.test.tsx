import { constants } from '@core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDay } from '../components/dates'
import {
  claim,
  dayFromNow,
  daysFromNow,
  fakeHttp,
  makeI18n,
  order,
  overview,
  refusal,
  renderWith,
} from '../components/test-utils'
import CarRentalPage from './CarRentalPage'
import HotelPage from './HotelPage'
import PricePage from './PricePage'
import ShippingPage from './ShippingPage'

const OVERVIEW = 'GET /api/protection/overview'

describe('the watch pages (price, shipping, hotel, car rental)', () => {
  it('price: what is watched, the recovered figure, the watched orders and a paid claim with its timeline in order', async () => {
    const { http, calls } = fakeHttp({ [OVERVIEW]: () => overview() })
    renderWith(<PricePage />, { i18n: await makeI18n(), http })
    expect(screen.getByRole('heading', { level: 1, name: 'Price protection' })).toBeTruthy()
    expect(
      screen.getByText(
        `We watch each order for a lower price within ${constants.protection.priceWindowDays} days of the order and claim the difference for you.`,
      ),
    ).toBeTruthy()
    expect((await screen.findByTestId('recovered-year')).textContent).toBe('$30.00')
    expect(screen.getByTestId('watched-count').textContent).toBe('1')
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: '/api/protection/overview',
      params: { kind: 'price' },
    })

    const row = within(screen.getByTestId('watched-orders')).getByTestId('watched-order')
    const o = order(1)
    for (const text of [
      'Amazon',
      'Noise-cancelling headphones',
      '112-1',
      formatDay(o.ordered_at, 'en'),
      '$199.99',
      '$169.99',
      formatDay(o.watch_until!, 'en'),
    ])
      expect(within(row).getByText(text)).toBeTruthy()

    const c = within(screen.getByTestId('claims')).getByTestId('claim')
    expect(within(c).getByRole('heading', { level: 3, name: 'Amazon' })).toBeTruthy()
    expect(within(c).getByText('$30.00')).toBeTruthy()
    expect(within(c).getByTestId('claim-evidence').textContent).toBe('Paid $199.99, now $169.99')
    const steps = within(within(c).getByTestId('claim-timeline')).getAllByRole('listitem')
    expect(steps.map((li) => li.querySelector('span')?.textContent)).toEqual([
      'Found',
      'Filed',
      'Approved',
      'Paid',
    ])
    expect(steps[0]!.textContent).toContain(formatDay(claim(5).timeline[0]!.at, 'en'))
    expect(within(steps[3]!).getByText('It went to your balance.')).toBeTruthy()
    expect(
      within(steps[3]!).getByRole('link', { name: 'See your purchase history' }).getAttribute('href'),
    ).toBe('/account/purchase-history')
    // headings in order, one h1
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Watched orders',
      'Claims',
    ])
    const nav = screen.getByRole('navigation', { name: 'Protection pages' })
    expect(within(nav).getByRole('link', { name: 'Price' }).getAttribute('aria-current')).toBe('page')
    expect(screen.queryByTestId('protection-notice')).toBeNull()
    expect(screen.queryByTestId('protection-empty')).toBeNull()
  })

  it('a claim paid as test money (approved by the development provider) carries the "Test money" label; a real one does not', async () => {
    const { http } = fakeHttp({
      [OVERVIEW]: () => overview({ claims: [claim(7, { test: true }), claim(8)], orders: [order(1)] }),
    })
    renderWith(<PricePage />, { i18n: await makeI18n(), http })
    const [testClaim, realClaim] = await screen.findAllByTestId('claim')
    expect(within(testClaim!).getByTestId('test-money').textContent).toContain('Test money')
    expect(within(realClaim!).queryByTestId('test-money')).toBeNull()
  })

  it('a declined claim says why; an unchecked order says so; no claims: the empty text', async () => {
    const declined = claim(6, {
      status: 'declined',
      decline_reason: 'The lower price was a member-only deal.',
      timeline: [
        { status: 'found', at: dayFromNow(-21), note: null },
        { status: 'filed', at: dayFromNow(-20), note: null },
        { status: 'declined', at: dayFromNow(-18), note: 'The lower price was a member-only deal.' },
      ],
    })
    let reply = overview({ claims: [declined], orders: [order(1, { current_cents: null })] })
    const { http } = fakeHttp({ [OVERVIEW]: () => reply })
    const r = renderWith(<PricePage />, { i18n: await makeI18n(), http })
    const c = await screen.findByTestId('claim')
    expect(within(c).getByTestId('claim-declined').textContent).toBe(
      'Reason: The lower price was a member-only deal.',
    )
    expect(within(c).getAllByText('Declined').length).toBeGreaterThan(0)
    expect(within(screen.getByTestId('watched-order')).getByText('Not checked yet')).toBeTruthy()
    r.unmount()
    reply = overview({ claims: [] })
    renderWith(<PricePage />, { i18n: await makeI18n(), http })
    expect((await screen.findByTestId('claims-empty')).textContent).toBe(
      'No claims yet: we file them for you when we find one.',
    )
  })

  it('a provider that did not answer: the last known orders with a notice', async () => {
    const since = daysFromNow(-2)
    const { http } = fakeHttp({
      [OVERVIEW]: () => overview({ notice: { providers: ['amazon', 'expedia'], since } }),
    })
    renderWith(<PricePage />, { i18n: await makeI18n(), http })
    const notice = await screen.findByTestId('protection-notice')
    expect(notice.getAttribute('role')).toBe('status')
    expect(notice.textContent).toBe(
      `Amazon and Expedia did not answer. This is what we knew on ${formatDay(since, 'en')}.`,
    )
    expect(screen.getByTestId('watched-order')).toBeTruthy()
  })

  it('no linked account: an invitation to link one', async () => {
    const { http } = fakeHttp({
      [OVERVIEW]: () => overview({ linked: 0, orders: [], claims: [], recovered_year_cents: 0 }),
    })
    renderWith(<HotelPage />, { i18n: await makeI18n(), http })
    expect(screen.getByRole('heading', { level: 1, name: 'Hotel protection' })).toBeTruthy()
    const empty = await screen.findByTestId('protection-empty')
    expect(empty.textContent).toContain('Link an account and we watch your orders for you.')
    expect(within(empty).getByRole('link', { name: 'Link an account' }).getAttribute('href')).toBe(
      '/account/protection/accounts',
    )
    expect(screen.getByTestId('recovered-year').textContent).toBe('$0.00')
    expect(screen.queryByTestId('watched-orders')).toBeNull()
  })

  it('car rental: the rental dates of each booking', async () => {
    const rental = order(3, {
      kind: 'carrental',
      merchant: 'Hertz',
      title: 'Compact car, 3 days',
      starts_at: dayFromNow(30),
      ends_at: dayFromNow(33),
      promised_at: null,
      delivered_at: null,
    })
    const { http, calls } = fakeHttp({ [OVERVIEW]: () => overview({ orders: [rental], claims: [] }) })
    renderWith(<CarRentalPage />, { i18n: await makeI18n(), http })
    expect(screen.getByRole('heading', { level: 1, name: 'Car rental protection' })).toBeTruthy()
    const row = await screen.findByTestId('watched-order')
    expect(
      within(row).getByText(`${formatDay(rental.starts_at!, 'en')} to ${formatDay(rental.ends_at!, 'en')}`),
    ).toBeTruthy()
    expect(calls[0]?.params).toEqual({ kind: 'carrental' })
  })

  it('shipping: a late delivery without a claim can be reported; the page loads again; a refusal is explained', async () => {
    const promised = dayFromNow(-10)
    const late = order(1, { promised_at: promised, delivered_at: dayFromNow(-7) })
    const missing = order(2, { title: 'Desk lamp', promised_at: promised, delivered_at: null })
    const onTime = order(3, { title: 'Socks', promised_at: promised, delivered_at: promised })
    const claimed = order(4, { title: 'Mug', promised_at: promised, delivered_at: dayFromNow(-5) })
    // promised three days ahead and not delivered yet: not late, nothing to report
    const coming = order(5, { title: 'Kettle', promised_at: dayFromNow(3), delivered_at: null })
    const shippingClaim = claim(9, {
      kind: 'shipping',
      order_id: 4,
      status: 'filed',
      amount_cents: 500,
      evidence: { promised_at: promised, delivered_at: claimed.delivered_at },
      timeline: [
        { status: 'found', at: claimed.delivered_at!, note: null },
        { status: 'filed', at: claimed.delivered_at!, note: null },
      ],
    })
    let reported = false
    const { http, calls } = fakeHttp({
      [OVERVIEW]: () =>
        overview({ orders: [late, missing, onTime, claimed, coming], claims: [shippingClaim] }),
      'POST /api/protection/claims': (body) => {
        if ((body as { order_id: number }).order_id === 2)
          throw refusal(409, 'claim_exists', 'A claim exists')
        reported = true
        return { success: true, data: claim(10, { kind: 'shipping', order_id: 1 }) }
      },
    })
    renderWith(<ShippingPage />, { i18n: await makeI18n(), http })
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping protection' })).toBeTruthy()
    const rows = await screen.findAllByTestId('watched-order')
    expect(
      rows.map((r) => within(r).queryByRole('button', { name: 'Report a late delivery' }) !== null),
    ).toEqual([true, true, false, false, false])
    expect(within(rows[1]!).getByText('Not delivered yet')).toBeTruthy()
    expect(within(rows[4]!).getByText('Not delivered yet')).toBeTruthy()
    expect(within(rows[4]!).queryByRole('button')).toBeNull()
    expect(within(screen.getByTestId('claim')).getByTestId('claim-evidence').textContent).toBe(
      `Promised ${formatDay(promised, 'en')}, delivered ${formatDay(claimed.delivered_at!, 'en')}`,
    )
    // the button says which order through its description
    const lamp = within(rows[1]!).getByRole('button', { name: 'Report a late delivery' })
    expect(lamp.getAttribute('aria-describedby')).toBe('order-2')
    fireEvent.click(lamp)
    expect((await within(rows[1]!).findByRole('alert')).textContent).toBe(
      'You already reported this delivery.',
    )

    const overviews = calls.filter((c) => c.url === '/api/protection/overview').length
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Report a late delivery' }))
    await waitFor(() => expect(reported).toBe(true))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ order_id: 2, kind: 'shipping' })
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ order_id: 1, kind: 'shipping' })
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/protection/overview').length).toBe(overviews + 1),
    )
    expect(await screen.findByText('Reported. We file the claim for you.')).toBeTruthy()
  })

  it('"Check now" on a watch page loads the page again after the check', async () => {
    const { http, calls } = fakeHttp({
      [OVERVIEW]: () => overview(),
      'POST /api/linked/sync': () => ({ data: [], claims_found: 1 }),
    })
    renderWith(<PricePage />, { i18n: await makeI18n(), http })
    await screen.findByTestId('watched-order')
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }))
    await waitFor(() => expect(screen.getByTestId('check-status').textContent).toBe('Checked. 1 new claim.'))
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/protection/overview')).toHaveLength(2))
  })

  it('Spanish: the titles, the status words of the timeline and the evidence', async () => {
    const { http } = fakeHttp({ [OVERVIEW]: () => overview() })
    renderWith(<PricePage />, { i18n: await makeI18n('es'), http })
    expect(screen.getByRole('heading', { level: 1, name: 'Protección de precio' })).toBeTruthy()
    const c = await screen.findByTestId('claim')
    const steps = within(within(c).getByTestId('claim-timeline')).getAllByRole('listitem')
    expect(steps.map((li) => li.querySelector('span')?.textContent)).toEqual([
      'Detectado',
      'Presentado',
      'Aprobado',
      'Pagado',
    ])
    expect(within(c).getByTestId('claim-evidence').textContent).toMatch(
      /^Pagaste .*199[.,]99.*, ahora cuesta .*169[.,]99/,
    )
    expect(screen.getByText('Recuperado este año')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Revisar ahora' })).toBeTruthy()
  })
})
