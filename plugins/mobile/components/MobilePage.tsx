import { Page, pathTo, RouteLink, useServices, useTranslation } from '@core'
import type { ReactNode } from 'react'
import { useEffect } from 'react'
import { NavLink } from 'react-router-dom'
import s from './mobile.module.css'

/** The app's sections, in the bottom tab bar, by route name. */
export const TABS = [
  { route: 'mobile-dashboard', label: 'tabs.dashboard' },
  { route: 'mobile-rebates', label: 'tabs.rebates' },
  { route: 'mobile-subscriptions', label: 'tabs.subscriptions' },
  { route: 'mobile-billing', label: 'tabs.billing' },
] as const

/**
 * Lets the page draw under the notch and the home indicator (`viewport-fit=cover` in the viewport
 * meta, while an app page is shown), so the frame's `env(safe-area-inset-*)` paddings apply. The
 * site's other pages keep the default viewport.
 */
export function useViewportFitCover() {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]')
    if (!meta || /viewport-fit/.test(meta.content)) return
    const before = meta.content
    meta.content = `${before}, viewport-fit=cover`
    return () => {
      meta.content = before
    }
  }, [])
}

/**
 * The frame of an app page (/mobile/...): the h1 (also the tab title), an optional back link, the
 * content in one column clear of the safe areas, and the bottom tab bar unless `nav` is false.
 *
 * @example <MobilePage title={t('billing.title')} back testId="mobile-billing"><Part name="account.billing" /></MobilePage>
 */
export function MobilePage({
  title,
  back = false,
  nav = true,
  testId,
  children,
}: {
  title: string
  /** A link back to the dashboard above the heading. */
  back?: boolean
  /** false: no back link and no tab bar (a web view with its own navigation). */
  nav?: boolean
  testId?: string
  children: ReactNode
}) {
  const { t } = useTranslation('mobile')
  const { config } = useServices()
  useViewportFitCover()
  return (
    <div className={s.frame}>
      <Page title={title} testId={testId}>
        {nav && back ? (
          <p className={s.top}>
            <RouteLink route="mobile-dashboard" className={s.back} data-testid="mobile-back">
              <span aria-hidden="true">‹</span> {t('back')}
            </RouteLink>
          </p>
        ) : null}
        <div className={s.body}>{children}</div>
      </Page>
      {nav ? (
        <nav aria-label={t('tabs.label')} className={s.tabs} data-testid="mobile-tabs">
          {TABS.map((tab) => (
            <NavLink key={tab.route} to={pathTo(config, tab.route) ?? '/'} className={s.tab}>
              {t(tab.label)}
            </NavLink>
          ))}
        </nav>
      ) : null}
    </div>
  )
}
