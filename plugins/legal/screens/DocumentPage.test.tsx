import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import routes from '../../../config/routes.json'
import legalEn from '../../../locales/en/legal.json'
import legalEs from '../../../locales/es/legal.json'
import { makeI18n, renderWith } from '../test-utils'
import DocumentPage from './DocumentPage'

type Route = { path: string; screen?: string; props?: Record<string, unknown> }
const docRoutes = (routes.routes as Route[]).filter((r) => r.screen === 'legal/DocumentPage')
const titleOf = (docs: unknown, key: string) => (docs as Record<string, { title?: string }>)[key]?.title

describe('legal/DocumentPage', () => {
  it('every route that shows it names a document both languages have', () => {
    expect(docRoutes.map((r) => r.path)).toContain('/about')
    for (const r of docRoutes) {
      const doc = r.props?.doc
      expect(typeof doc, r.path).toBe('string')
      expect(titleOf(legalEn.docs, doc as string), `${r.path}: docs.${doc} in English`).toBeTruthy()
      expect(titleOf(legalEs.docs, doc as string), `${r.path}: docs.${doc} in Spanish`).toBeTruthy()
    }
  })

  it("shows the route's document: its title as the page heading, with a table of contents", async () => {
    renderWith(<DocumentPage params={{}} doc="cookies" />, { i18n: await makeI18n() })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(titleOf(legalEn.docs, 'cookies'))
    expect(screen.queryByRole('navigation')).not.toBeNull()
  })

  it('noToc leaves the table of contents out', async () => {
    renderWith(<DocumentPage params={{}} doc="howItWorks" noToc />, { i18n: await makeI18n('es') })
    const title = titleOf(legalEs.docs, 'howItWorks')?.replace('{{brand}}', 'Rewards')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title)
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('a route without a document shows the not-found page', async () => {
    renderWith(<DocumentPage params={{}} />, { i18n: await makeI18n() })
    expect(screen.getByTestId('not-found')).not.toBeNull()
  })
})
