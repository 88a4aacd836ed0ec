import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDay } from '../components/dates'
import {
  claim,
  dayFromNow,
  daysFromNow,
  fakeHttp,
  makeI18n,
  parcel,
  refusal,
  renderWith,
} from '../components/test-utils'
import type { ParcelsReply } from '../contract'
import PackagePage from './PackagePage'

/** The day the coffee grinder came (five days ago), and when its last scan was. */
const DELIVERED = dayFromNow(-5)
const DELIVERED_SCAN = daysFromNow(-5)
/** The day a parcel not yet due is expected (three days ahead). */
const AHEAD = dayFromNow(3)

const reply = (over: Partial<ParcelsReply> = {}): ParcelsReply => ({
  data: [
    parcel(1),
    parcel(2, {
      title: 'Coffee grinder',
      carrier: 'USPS',
      status: 'delivered',
      expected_at: null,
      delivered_at: DELIVERED,
      events: [{ status: 'delivered', at: DELIVERED_SCAN, location: null }],
    }),
    parcel(3, {
      title: 'Phone case',
      status: 'lost',
      claim: claim(7, { kind: 'package', order_id: 3, status: 'filed', evidence: {} }),
    }),
    parcel(5, { title: 'Desk chair', expected_at: AHEAD }),
  ],
  recovered_year_cents: 2599,
  linked: 1,
  checked_at: null,
  notice: null,
  ...over,
})

describe('PackagePage', () => {
  it('every parcel: carrier, tracking number, status, expected or delivered day, the scans in order, its claim', async () => {
    const { http } = fakeHttp({ 'GET /api/protection/parcels': () => reply() })
    renderWith(<PackagePage />, { i18n: await makeI18n(), http })
    expect(screen.getByRole('heading', { level: 1, name: 'Package tracking' })).toBeTruthy()
    const [moving, delivered, lost, coming] = await screen.findAllByTestId('parcel')
    const shoes = parcel(1)
    expect(within(moving!).getByRole('heading', { level: 3 }).textContent).toBe('Amazon: Running shoes')
    expect(within(moving!).getByText('UPS')).toBeTruthy()
    expect(within(moving!).getByText('1Z1')).toBeTruthy()
    expect(within(moving!).getAllByText('In transit').length).toBeGreaterThan(0)
    expect(within(moving!).getByTestId('parcel-expected').textContent).toBe(
      `Expected ${formatDay(shoes.expected_at!, 'en')}`,
    )
    const scans = within(within(moving!).getByTestId('parcel-timeline')).getAllByRole('listitem')
    expect(scans.map((li) => li.querySelector('span')?.textContent)).toEqual(['Label created', 'In transit'])
    expect(scans[0]!.textContent).toContain('Seattle, WA')
    expect(scans[1]!.textContent).toContain('Reno, NV')
    expect(scans[1]!.querySelector('time')?.getAttribute('dateTime')).toBe(shoes.events[1]!.at)
    expect(scans[1]!.querySelector('time')?.textContent).toBe(formatDateTime(shoes.events[1]!.at, 'en'))
    expect(within(moving!).getByRole('button', { name: 'Report a missing parcel' })).toBeTruthy()

    expect(within(delivered!).getByTestId('parcel-delivered').textContent).toBe(
      `Delivered ${formatDay(DELIVERED, 'en')}`,
    )
    expect(within(delivered!).queryByTestId('parcel-expected')).toBeNull()
    expect(within(delivered!).queryByRole('button')).toBeNull()

    expect(within(lost!).getByTestId('parcel-claim').textContent).toBe('Claim: Filed')
    expect(within(lost!).queryByRole('button')).toBeNull()
    // expected three days ahead: not missing yet, so nothing to report
    expect(within(coming!).getByTestId('parcel-expected').textContent).toBe(
      `Expected ${formatDay(AHEAD, 'en')}`,
    )
    expect(within(coming!).queryByRole('button', { name: 'Report a missing parcel' })).toBeNull()
    expect(within(coming!).queryByRole('button')).toBeNull()
    expect(screen.getByTestId('recovered-year').textContent).toBe('$25.99')
  })

  it('"Report a missing parcel": the claim is filed and the page loads again; an unknown order is explained (404)', async () => {
    let missing = false
    const { http, calls } = fakeHttp({
      'GET /api/protection/parcels': () => reply({ data: [parcel(1), parcel(4, { title: 'Old order' })] }),
      'POST /api/protection/claims': (body) => {
        if ((body as { order_id: number }).order_id === 4)
          throw refusal(404, 'order_not_found', 'No such order')
        missing = true
        return { success: true, data: claim(8, { kind: 'package', order_id: 1, status: 'found' }) }
      },
    })
    renderWith(<PackagePage />, { i18n: await makeI18n(), http })
    const [first, old] = await screen.findAllByTestId('parcel')
    fireEvent.click(within(old!).getByRole('button', { name: 'Report a missing parcel' }))
    expect((await within(old!).findByRole('alert')).textContent).toBe(
      'We could not find that order in your linked accounts.',
    )
    fireEvent.click(within(first!).getByRole('button', { name: 'Report a missing parcel' }))
    await waitFor(() => expect(missing).toBe(true))
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { order_id: 4, kind: 'package' },
      { order_id: 1, kind: 'package' },
    ])
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/protection/parcels')).toHaveLength(2))
  })

  it('a second report of the same parcel (409) says it was reported already, in Spanish', async () => {
    const { http } = fakeHttp({
      'GET /api/protection/parcels': () => reply({ data: [parcel(1)] }),
      'POST /api/protection/claims': () => {
        throw refusal(409, 'claim_exists', 'A claim exists')
      },
    })
    renderWith(<PackagePage />, { i18n: await makeI18n('es'), http })
    expect(screen.getByRole('heading', { level: 1, name: 'Seguimiento de paquetes' })).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: 'Reportar un paquete perdido' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Ya reportaste este paquete.')
    expect(screen.getByTestId('parcel-expected').textContent).toBe(
      `Llega el ${formatDay(parcel(1).expected_at!, 'es')}`,
    )
  })

  it('no linked account: the invitation; a notice when a provider did not answer', async () => {
    const since = dayFromNow(-2)
    const { http } = fakeHttp({
      'GET /api/protection/parcels': () =>
        reply({ data: [], linked: 0, notice: { providers: ['amazon'], since } }),
    })
    renderWith(<PackagePage />, { i18n: await makeI18n(), http })
    expect((await screen.findByTestId('protection-empty')).textContent).toContain(
      'Link an account and we watch your orders for you.',
    )
    expect(screen.getByTestId('protection-notice').textContent).toBe(
      `Amazon did not answer. This is what we knew on ${formatDay(since, 'en')}.`,
    )
  })
})
