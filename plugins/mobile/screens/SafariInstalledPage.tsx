import { constants, NotFound, Page, RouteLink, type ScreenProps, useTranslation } from '@core'
import { InstallArt } from '../components/InstallArt'
import { useViewportFitCover } from '../components/MobilePage'
import s from '../components/mobile.module.css'

/** The steps that finish installing the iOS app, one page each, in order. */
export const STEPS = ['open', 'notify', 'signIn', 'extension'] as const

const PAGE = /^[1-9]\d{0,2}$/

/**
 * /mobile-safari/installed/:page? (page constants.defaultInstalledPage when absent; /safari-mobile/…
 * redirects here): one step with its drawing and Back / Next links; Next on the last step goes to the
 * dashboard. A page that is not a step number shows not-found.
 */
export default function SafariInstalledPage({ params }: ScreenProps) {
  const { t } = useTranslation('mobile')
  useViewportFitCover()
  const raw = params.page ?? String(constants.defaultInstalledPage)
  const n = PAGE.test(raw) ? Number(raw) : 0
  const step = STEPS[n - 1]
  if (!step) return <NotFound />
  const total = STEPS.length
  return (
    <div className={s.frame}>
      <Page title={t('safari.step', { n, total })} testId="safari-installed" headingId="safari-step">
        <div className={s.step} data-step={n}>
          <h2>{t(`safari.${step}.title`)}</h2>
          <InstallArt step={step} />
          <p>{t(`safari.${step}.body`)}</p>
          <nav aria-label={t('safari.steps')} className={s.pager}>
            {n > 1 ? (
              <RouteLink
                className={`${s.button} ${s.secondary}`}
                route="mobile-safari-installed-page"
                params={{ page: n - 1 }}
                rel="prev"
              >
                {t('safari.back')}
              </RouteLink>
            ) : null}
            {n < total ? (
              <RouteLink
                className={s.button}
                route="mobile-safari-installed-page"
                params={{ page: n + 1 }}
                rel="next"
              >
                {t('safari.next')}
              </RouteLink>
            ) : (
              <RouteLink className={s.button} route="mobile-dashboard">
                {t('safari.done')}
              </RouteLink>
            )}
          </nav>
        </div>
      </Page>
    </div>
  )
}
