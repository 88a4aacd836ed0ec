import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { LegalDoc } from '../doc'
import { makeI18n, renderWith } from '../test-utils'
import { LegalDocument } from './LegalDocument'

const doc: LegalDoc = {
  title: 'Example policy',
  updated: '2026-09-01',
  intro: ['An introduction.'],
  sections: [
    { id: 'first', heading: 'First part', body: ['Para one.', { list: ['Item A', 'Item B'] }] },
    { id: 'second', heading: 'Second part', body: [{ h3: 'Detail' }, { steps: ['Step 1', 'Step 2'] }] },
    {
      id: 'third',
      heading: 'Third part',
      body: [
        {
          links: [
            { label: 'FAQ', href: '/faq#coins' },
            { label: 'Write to us', href: 'mailto:help@example.com' },
            { label: 'Regulator', href: 'https://ico.org.uk/', note: '(UK)' },
          ],
        },
      ],
    },
    {
      id: 'fourth',
      heading: 'Fourth part',
      body: [{ table: { caption: 'Cookies', head: ['Type', 'Life'], rows: [['Session', '1 day']] } }],
    },
  ],
}

describe('LegalDocument', () => {
  it('renders one h1, the date, and each section with its id and h2', async () => {
    renderWith(<LegalDocument doc={doc} variant="uk" />, { i18n: await makeI18n() })
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Example policy')
    expect(screen.getByText('September 1, 2026')).toBeTruthy()
    for (const s of doc.sections) {
      const el = document.getElementById(s.id)!
      expect(el.tagName).toBe('SECTION')
      expect(within(el).getByRole('heading', { level: 2 }).textContent).toBe(s.heading)
    }
    expect(screen.getByTestId('legal-document').getAttribute('data-variant')).toBe('uk')
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Detail')
    expect(screen.getByText('Item B').closest('ul')).toBeTruthy()
    expect(screen.getByText('Step 2').closest('ol')).toBeTruthy()
    expect(screen.getByRole('table').textContent).toContain('1 day')
  })

  it('has a table of contents nav of in-page #id links, in order', async () => {
    renderWith(<LegalDocument doc={doc} />, { i18n: await makeI18n() })
    const nav = screen.getByRole('navigation', { name: 'On this page' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['#first', '#second', '#third', '#fourth'])
    expect(links.map((a) => a.textContent)).toEqual(doc.sections.map((s) => s.heading))
  })

  it('renders app links through the router and others as plain links', async () => {
    renderWith(<LegalDocument doc={doc} />, { i18n: await makeI18n() })
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq#coins')
    expect(screen.getByRole('link', { name: 'Write to us' }).getAttribute('href')).toBe(
      'mailto:help@example.com',
    )
    const ext = screen.getByRole('link', { name: 'Regulator' })
    expect(ext.getAttribute('rel')).toContain('noopener')
  })

  it('leaves out the table of contents for a short document, and speaks Spanish', async () => {
    renderWith(<LegalDocument doc={{ ...doc, sections: doc.sections.slice(0, 2) }} />, {
      i18n: await makeI18n('es'),
    })
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.getByText(/Última actualización/)).toBeTruthy()
    expect(screen.getByText('1 de septiembre de 2026')).toBeTruthy()
  })
})
