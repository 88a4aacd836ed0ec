import { type AppContextValue, AppProvider } from '@core'
import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import routes from '../../../config/routes.json'
import catalogEn from '../../../locales/en/catalog.json'
import pagesEn from '../../../locales/en/catalog-pages.json'
import coreEn from '../../../locales/en/core.json'
import catalogEs from '../../../locales/es/catalog.json'
import pagesEs from '../../../locales/es/catalog-pages.json'
import { routeTable } from '../../../tests/unit/kit'
import AppPage from './AppPage'

async function show(page: unknown, lng = 'en') {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng,
    resources: {
      en: { core: coreEn, catalog: catalogEn, 'catalog-pages': pagesEn },
      es: { catalog: catalogEs, 'catalog-pages': pagesEs },
    },
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  const value = {
    services: {
      config: { ...routeTable, brand: { name: 'Rewards' } },
    },
  } as unknown as AppContextValue
  return render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={value}>
        <MemoryRouter>
          <AppPage params={{}} page={page} />
        </MemoryRouter>
      </AppProvider>
    </I18nextProvider>,
  )
}

type Route = { path: string; screen?: string; props?: Record<string, unknown> }
const appRoutes = (routes.routes as Route[]).filter((r) => r.screen === 'catalog/AppPage')

describe('catalog/AppPage', () => {
  it('the routes that show it keep their paths, each naming its page', () => {
    expect(Object.fromEntries(appRoutes.map((r) => [r.path, r.props?.page]))).toEqual({
      '/get-app': 'getApp',
      '/mobile-app': 'mobileApp',
      '/account/appInstall': 'appInstall',
      '/account/appInstallExpired': 'appInstallExpired',
    })
  })

  it.each([
    ['getApp', 'get-app-page'],
    ['mobileApp', 'mobile-app-page'],
    ['appInstall', 'app-install-page'],
    ['appInstallExpired', 'app-install-expired-page'],
  ])('%s: its own title as the heading, its test id, and a link to the stores', async (page, testId) => {
    await show(page)
    const texts = pagesEn.apps[page as 'getApp'] as { title: string }
    expect(screen.getByTestId(testId)).not.toBeNull()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      texts.title.replace('{{brand}}', 'Rewards'),
    )
    expect(screen.getByRole('link', { name: pagesEn.apps.browse }).getAttribute('href')).toBe('/stores')
  })

  it('speaks Spanish', async () => {
    await show('getApp', 'es')
    const title = (pagesEs.apps.getApp as { title: string }).title.replace('{{brand}}', 'Rewards')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title)
  })

  it('a page the route table does not know is not found', async () => {
    await show('desktopApp')
    expect(screen.getByTestId('not-found')).not.toBeNull()
  })
})
