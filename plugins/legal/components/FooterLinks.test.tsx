import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeI18n, renderWith } from '../test-utils'
import FooterLinks from './FooterLinks'

describe('FooterLinks', () => {
  it('lists the legal and company pages as translated links', async () => {
    renderWith(<FooterLinks />, { i18n: await makeI18n('es') })
    const list = screen.getByRole('list')
    const hrefs = within(list)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
    expect(hrefs).toEqual([
      '/terms',
      '/privacy-policy',
      '/cookies',
      '/ccpa-notice',
      '/about',
      '/careers',
      '/news',
      '/how-it-works',
      '/faq',
      '/contact',
      '/vulnerability-disclosure',
    ])
    expect(screen.getByRole('link', { name: 'Términos del servicio' })).toBeTruthy()
  })
})
