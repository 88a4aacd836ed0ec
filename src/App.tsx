import type { i18n as I18n } from 'i18next'
import { StrictMode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import type { RuntimeConfig } from './config/runtime-types'
import type { Registry } from './plugin/registry'
import type { Services } from './plugin/types'
import { buildRoutes } from './routing/build'
import { AppProvider } from './state/context'
import type { RootStore } from './state/root'
import { ErrorPage } from './ui/ErrorPage'
import { BareLayout, MainLayout, RootLayout } from './ui/Layout'

export interface AppParts {
  config: RuntimeConfig
  registry: Registry
  store: RootStore
  services: Services
  i18n: I18n
}

export function createAppRouter(parts: AppParts, opts: { beforeFirstLoad?: () => Promise<void> } = {}) {
  // navigation hooks see the hash of the navigation under way (a loader's request carries none)
  let router: ReturnType<typeof createBrowserRouter> | undefined
  const pendingHash = () => router?.state.navigation.location?.hash ?? window.location.hash
  router = createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: ErrorPage,
      children: buildRoutes({
        ...parts,
        layouts: { main: MainLayout, bare: BareLayout },
        pendingHash,
        beforeFirstLoad: opts.beforeFirstLoad,
      }),
    },
  ])
  return router
}

export function App({ parts, router }: { parts: AppParts; router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={parts.i18n}>
        <AppProvider value={{ store: parts.store, services: parts.services, registry: parts.registry }}>
          <RouterProvider router={router} />
        </AppProvider>
      </I18nextProvider>
    </StrictMode>
  )
}
