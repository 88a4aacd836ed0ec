import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeI18n, renderWith } from '../test-utils'
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
