import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Rebate } from '../contract'
import { fakeHttp, makeI18n, renderWith } from '../member/test-utils'
import PurchaseHistoryPage from '../screens/PurchaseHistoryPage'
import { NegativeBalanceNote, PurchaseList } from './PurchaseTimeline'

const DAY = 86_400_000
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString()
const short = (iso: string, lng = 'en-US') =>
  new Date(iso).toLocaleDateString(lng, { year: 'numeric', month: 'short', day: 'numeric' })

const base: Rebate = {
  id: 1,
  store: { internal_name: 'acme', name: 'Acme', logo_url: '' },
  benefit_type: 'cashback',
  order_amount_cents: 12_000,
  amount_cents: 600,
  status: 'pending',
  reason: 'Cash back at Acme',
  expected_at: at(40),
  created_at: at(-3),
  test: false,
  timeline: {
    conversion_id: 7,
    clicked_at: at(-4),
    tracked_at: at(-3),
    confirmed_at: null,
    payable_at: at(40),
    payable_done: false,
    reversed_at: null,
    next_step: 'confirmed',
    next_at: at(40),
  },
  reversal: null,
}
const pending = base
const confirmed: Rebate = {
  ...base,
  id: 2,
  status: 'confirmed',
  timeline: {
    ...base.timeline!,
    confirmed_at: at(-1),
    payable_at: at(20),
    next_step: 'payable',
    next_at: at(20),
  },
}
const payable: Rebate = {
  ...base,
  id: 3,
  status: 'payable',
  timeline: {
    ...confirmed.timeline!,
    payable_at: at(-1),
    payable_done: true,
    next_step: null,
    next_at: null,
  },
}
const reversedAfterPayout: Rebate = {
  ...payable,
  id: 4,
  status: 'paid',
  timeline: { ...payable.timeline!, reversed_at: at(-1) },
  reversal: { amount_cents: -600, status: 'payable', created_at: at(-1) },
}
const reversedBefore: Rebate = {
  ...base,
  id: 5,
  status: 'reversed',
  timeline: { ...base.timeline!, reversed_at: at(-1), next_step: null, next_at: null },
  reversal: { amount_cents: -600, status: 'reversed', created_at: at(-1) },
}
const plusRebate: Rebate = {
  ...base,
  id: 6,
  store: null,
  benefit_type: 'shipping',
  status: 'pending',
  timeline: null,
}

const stepsOf = (el: HTMLElement) =>
  within(within(el).getByTestId('purchase-timeline'))
    .getAllByRole('listitem')
    .map((li) => `${li.dataset.step}:${li.dataset.done}`)

async function show(rows: Rebate[], lng: 'en' | 'es' = 'en') {
  const { http } = fakeHttp({})
  renderWith(<PurchaseList rows={rows} label="Purchases" />, { i18n: await makeI18n(lng), http })
  return screen.getAllByTestId('purchase')
}

describe('purchase timeline', () => {
  it('pending: clicked and tracked done, confirmation expected next', async () => {
    const [el] = await show([pending])
    expect(el!.dataset.status).toBe('pending')
    expect(stepsOf(el!)).toEqual(['clicked:true', 'tracked:true', 'confirmed:false', 'payable:false'])
    expect(within(el!).getByTestId('purchase-next').textContent).toBe(
      `Next: Confirmed, expected ${short(pending.timeline!.next_at!)}`,
    )
    expect(el!.textContent).toContain('Order of $120.00')
    expect(el!.textContent).toContain('$6.00')
    // words, not only colours: each step says whether it is done
    const tracked = el!.querySelector('[data-step="tracked"]')!
    expect(tracked.textContent).toContain('done')
    expect(tracked.textContent).toContain(`on ${short(pending.timeline!.tracked_at)}`)
    expect(el!.querySelector('[data-step="payable"]')!.textContent).toContain('not yet')
  })

  it('confirmed: payable expected on its date; payable: every step done, no next step', async () => {
    const [c, p] = await show([confirmed, payable])
    expect(c!.dataset.status).toBe('confirmed')
    expect(stepsOf(c!)).toEqual(['clicked:true', 'tracked:true', 'confirmed:true', 'payable:false'])
    expect(c!.querySelector('[data-step="payable"]')!.textContent).toContain(
      `expected ${short(confirmed.timeline!.payable_at!)}`,
    )
    expect(within(c!).getByTestId('purchase-next').textContent).toContain('Next: Payable')
    expect(p!.dataset.status).toBe('payable')
    expect(stepsOf(p!)).toEqual(['clicked:true', 'tracked:true', 'confirmed:true', 'payable:true'])
    expect(within(p!).queryByTestId('purchase-next')).toBeNull()
  })

  it('reversed after payout shows the debit that lowers the balance; before payable, that nothing changed', async () => {
    const [after, before] = await show([reversedAfterPayout, reversedBefore])
    expect(after!.dataset.status).toBe('reversed')
    expect(stepsOf(after!)).toEqual(['clicked:true', 'tracked:true', 'confirmed:true', 'payable:true'])
    const debit = within(after!).getByTestId('purchase-debit').textContent!
    expect(debit).toMatch(/Reversal: (-\$6\.00|\(\$6\.00\))$/)
    expect(within(after!).getByTestId('purchase-reversal').textContent).toContain(
      `Reversed by the store on ${short(reversedAfterPayout.timeline!.reversed_at!)}`,
    )
    expect(before!.dataset.status).toBe('reversed')
    expect(stepsOf(before!)).toEqual(['clicked:true', 'tracked:true', 'confirmed:false', 'payable:false'])
    expect(within(before!).getByTestId('purchase-debit').textContent).toContain('your balance did not change')
    expect(within(before!).queryByTestId('purchase-next')).toBeNull()
  })

  it('a Plus rebate without a conversion keeps working: tracked, then payable expected', async () => {
    const [el] = await show([plusRebate])
    expect(stepsOf(el!)).toEqual(['tracked:true', 'confirmed:false', 'payable:false'])
    expect(within(el!).getByTestId('purchase-next').textContent).toContain('Next: Payable')
  })

  it('in Spanish', async () => {
    const [el] = await show([confirmed], 'es')
    expect(el!.querySelector('[data-step="confirmed"]')!.textContent).toContain('Confirmada')
    expect(within(el!).getByTestId('purchase-next').textContent).toBe(
      `Siguiente: Disponible, prevista el ${short(confirmed.timeline!.next_at!, 'es-US')}`,
    )
    expect(el!.textContent).toContain('aún no')
  })
})

describe('negative balance note', () => {
  it('says later earnings offset a negative balance, in English and Spanish; nothing when not negative', async () => {
    const { http } = fakeHttp({})
    const { unmount } = renderWith(<NegativeBalanceNote payableCents={-600} />, {
      i18n: await makeI18n(),
      http,
    })
    expect(screen.getByTestId('negative-balance').textContent).toMatch(/later earnings offset it/)
    unmount()
    const es = renderWith(<NegativeBalanceNote payableCents={-600} />, { i18n: await makeI18n('es'), http })
    expect(screen.getByTestId('negative-balance').textContent).toMatch(/próximas ganancias lo compensan/)
    es.unmount()
    renderWith(<NegativeBalanceNote payableCents={0} />, { i18n: await makeI18n(), http })
    expect(screen.queryByTestId('negative-balance')).toBeNull()
  })

  it('the purchase history page shows the note and the purchases when the balance is below zero', async () => {
    const totals = {
      cash: { pending: 0, payable: -600, paid: 600 },
      coin: { pending: 0, payable: 0, paid: 0 },
    }
    const { http } = fakeHttp({
      'GET /api/account/ledger?currency=cash&page=1&per_page=20': () => ({
        data: [],
        page: 1,
        per_page: 20,
        total: 0,
        has_more: false,
        totals,
      }),
      'GET /api/account/purchase-history?page=1&per_page=10': () => ({
        data: [reversedAfterPayout],
        page: 1,
        per_page: 10,
        total: 1,
        has_more: false,
        totals: { paid: 600, payable: -600 },
      }),
    })
    renderWith(<PurchaseHistoryPage />, { i18n: await makeI18n(), http })
    expect((await screen.findByTestId('negative-balance')).textContent).toContain('later earnings offset it')
    expect((await screen.findByTestId('purchase')).dataset.status).toBe('reversed')
  })
})
