import { constants, formatCents } from '@core'
import { cleanup, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeHttp, fakeSession, makeI18n, member, renderWith } from '../member/test-utils'
import FreeDeliveryPage from './FreeDeliveryPage'
import RxBenefitsPage from './RxBenefitsPage'
import SfBenefitsPage from './SfBenefitsPage'

const now = new Date().toISOString()
const longAgo = new Date(Date.now() - 90 * 86_400_000).toISOString()

describe('benefit pages', () => {
  it("sfbenefits: this month's shipping rebates against SPEC 9's monthly cap; old and declined ones do not count", async () => {
    const { http, calls } = fakeHttp({
      'GET /api/account/rebates': () => ({
        data: [
          { id: 1, benefit_type: 'shipping', amount_cents: 599, status: 'pending', created_at: now },
          { id: 2, benefit_type: 'shipping', amount_cents: 400, status: 'declined', created_at: now },
          { id: 3, benefit_type: 'shipping', amount_cents: 700, status: 'paid', created_at: longAgo },
        ],
        total: 3,
        totals: {},
      }),
    })
    renderWith(<SfBenefitsPage />, {
      i18n: await makeI18n(),
      http,
      session: fakeSession({ ...member, plus: false, shipping: true }).session,
    })
    expect((await screen.findByTestId('benefit-claimed')).textContent).toBe(
      `1 claim this month, ${formatCents(599)} of the ${formatCents(constants.shippingRebateMaxPerMonth * 100)} you can claim each month.`,
    )
    expect(screen.getByTestId('benefit-status').textContent).toBe(
      'Your membership includes shipping rebates.',
    )
    expect(calls[0]?.url).toBe('/api/account/rebates')
    expect(document.querySelectorAll('img').length).toBeGreaterThan(0)
  })

  it('fdrd without Plus points to the membership; rxbenefits asks the server nothing', async () => {
    const { http } = fakeHttp({
      'GET /api/account/rebates': () => ({ data: [], total: 0, totals: {} }),
    })
    const session = fakeSession({ ...member, plus: false }).session
    renderWith(<FreeDeliveryPage />, { i18n: await makeI18n('es'), http, session })
    expect((await screen.findByTestId('benefit-claimed')).textContent).toBe(
      `0 solicitudes este mes, ${formatCents(0, 'es')} en total.`,
    )
    expect(screen.getByRole('link', { name: 'Ver la membresía que lo incluye' }).getAttribute('href')).toBe(
      '/account/subscription',
    )
    const rx = fakeHttp({})
    cleanup()
    renderWith(<RxBenefitsPage />, { i18n: await makeI18n(), http: rx.http })
    expect(screen.getByRole('heading', { level: 1, name: 'Prescription savings' })).toBeTruthy()
    expect(rx.calls).toEqual([])
  })
})
