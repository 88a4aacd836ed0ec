import { config } from '@brand'
import { type AppContextValue, AppProvider } from '@core'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { FallingCoins } from './FallingCoins'

function at(path: string) {
  const value = { services: { config }, store: {}, registry: {} } as unknown as AppContextValue
  return render(
    <AppProvider value={value}>
      <MemoryRouter initialEntries={[path]}>
        <FallingCoins />
      </MemoryRouter>
    </AppProvider>,
  )
}

describe('FallingCoins (SPEC 2.2: /thankyou, /awesome and /splthanq only)', () => {
  it.each(['/thankyou', '/awesome', '/splthanq/'])('falls on %s', (path) => {
    at(path)
    expect(screen.getByTestId('coins').children.length).toBeGreaterThan(0)
  })
  it('knows its pages as the route resolver does, whatever the case', () => {
    at('/ThankYou')
    expect(screen.queryByTestId('coins')).not.toBeNull()
  })
  it('falls nowhere else', () => {
    at('/stores')
    expect(screen.queryByTestId('coins')).toBeNull()
  })
})
