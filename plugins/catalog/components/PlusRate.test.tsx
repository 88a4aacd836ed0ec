import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import catalogEn from '../../../locales/en/catalog.json'
import catalogEs from '../../../locales/es/catalog.json'
import { testI18n } from '../../../tests/unit/kit'
import { PlusRate } from './PlusRate'

async function renderRate(lng: 'en' | 'es', rate: Parameters<typeof PlusRate>[0]['rate']) {
  // only the catalog namespace, as home loads it: the Plus texts come with the component
  const i18n = await testI18n(lng, { catalog: [catalogEn, catalogEs] })
  return render(
    <I18nextProvider i18n={i18n}>
      <PlusRate rate={rate} />
    </I18nextProvider>,
  )
}

describe("PlusRate: the Plus members' rate on a store page", () => {
  it('says what Plus members earn, in English and in Spanish, at its first render', async () => {
    await renderRate('en', { type: 'percent', value: 800, label: '8% Cash Back' })
    expect(screen.getByTestId('plus-rate').textContent).toBe('Plus members earn 8% Cash Back')
  })
  it('in Spanish', async () => {
    await renderRate('es', { type: 'percent', value: 800, label: '8% de reembolso' })
    expect(screen.getByTestId('plus-rate').textContent).toBe('Los miembros Plus ganan 8% de reembolso')
  })
  it('shows nothing for a store without a Plus rate', async () => {
    const { container } = await renderRate('en', null)
    expect(container.textContent).toBe('')
  })
})
