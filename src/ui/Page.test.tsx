import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Services } from '../plugin/types'
import { AppProvider } from '../state/context'
import { Page } from './Page'

describe('Page (the core screen frame plugins use)', () => {
  it('shows the title as the h1 naming its section, and as the tab title with the brand', () => {
    const services = { config: { brand: { name: 'Rewards' } } } as unknown as Services
    render(
      <AppProvider value={{ store: {}, services, registry: {} as never }}>
        <Page title="Reset your password" className="card" testId="reset" headingId="reset-title">
          <p>Enter your email.</p>
        </Page>
      </AppProvider>,
    )
    const section = screen.getByRole('region', { name: 'Reset your password' })
    expect(section.getAttribute('data-testid')).toBe('reset')
    expect(section.className).toBe('card')
    expect(screen.getByRole('heading', { level: 1 }).id).toBe('reset-title')
    expect(section.textContent).toContain('Enter your email.')
    expect(document.title).toBe('Reset your password · Rewards')
  })
})
