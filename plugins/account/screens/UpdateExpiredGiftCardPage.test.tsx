import { HttpError } from '@core'
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeHttp, makeI18n, renderWith } from '../member/test-utils'
import UpdateExpiredGiftCardPage from './UpdateExpiredGiftCardPage'

const DAY = 86_400_000
const expiredCard = {
  id: 7,
  brand: 'Target',
  amount_cents: 2500,
  code: 'OLD-CODE',
  status: 'expired',
  expires_at: new Date(Date.now() - 3 * DAY).toISOString(),
  redeemed_at: null,
}

describe('UpdateExpiredGiftCardPage', () => {
  it('without a gift-card provider on the server (503 gift_card_unavailable), says so in the member language', async () => {
    const { http } = fakeHttp({
      'GET /api/account/gift-cards': () => ({ data: [expiredCard] }),
      'POST /api/account/gift-cards/7/replace': () => {
        const errors = { id: ['Gift cards cannot be replaced right now.'] }
        throw new HttpError('Request failed with status code 503', 'status', 503, errors, {
          code: 'gift_card_unavailable',
          errors,
        })
      },
    })
    renderWith(<UpdateExpiredGiftCardPage />, { i18n: await makeI18n('es'), http })
    fireEvent.click(await screen.findByRole('button', { name: 'Reemplazar esta tarjeta' }))
    expect(
      await screen.findByText(
        'Ahora no se pueden reemplazar tarjetas de regalo. Inténtalo de nuevo más tarde.',
      ),
    ).toBeTruthy()
    expect(screen.queryByTestId('gift-replaced')).toBeNull()
  })
})
