import { buttonClass, NotFound, RouteLink, type ScreenProps } from '@core'
import s from '../components/catalog.module.css'
import { InfoPage } from '../components/InfoPage'
import { useCatalogPages } from '../texts'

/** The app pages the route table may name in its props (`page`), each with its texts under `apps.<page>`. */
const PAGES = ['getApp', 'mobileApp', 'appInstall', 'appInstallExpired'] as const
type AppPageKey = (typeof PAGES)[number]
const isPage = (v: unknown): v is AppPageKey => PAGES.includes(v as AppPageKey)

/** 'appInstallExpired' -> 'app-install-expired-page', the test id of the page. */
const testIdOf = (page: AppPageKey) => `${page.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-page`

/**
 * /get-app, /mobile-app, /account/appInstall and /account/appInstallExpired: what the mobile app
 * does and where to find it. config/routes.json says which page in the route's props (`page`).
 */
export default function AppPage({ page }: ScreenProps) {
  const { t } = useCatalogPages()
  if (!isPage(page)) return <NotFound />
  return (
    <InfoPage key={page} k={`apps.${page}`} testId={testIdOf(page)}>
      <p className={s.muted}>{t('apps.where')}</p>
      <p>
        <RouteLink route="stores" className={buttonClass()}>
          {t('apps.browse')}
        </RouteLink>
      </p>
    </InfoPage>
  )
}
