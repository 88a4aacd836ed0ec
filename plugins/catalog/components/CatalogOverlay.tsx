import { pathTo, useServices, useStore } from '@core'
import { lazy, Suspense, useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { brandHasExtension } from '../extension'
import { safeUrl } from '../url'

// Loaded only after the extension-install flow (?ei=true): nothing of it on an ordinary first visit.
const ExtensionInstalled = lazy(() => import('./ExtensionInstalled'))

/**
 * Always mounted (slot 'app.overlay'): continues a store visit after the sign-in modal closes
 * (SPEC 4), and shows the 'Extension already installed' dialog after the install flow.
 */
export default function CatalogOverlay() {
  const catalog = useStore('catalog')
  const { events, http, config } = useServices()
  const navigate = useNavigate()
  const location = useLocation()

  useEffect(
    () =>
      events.on('auth-closed', ({ signedIn }) => {
        const visit = catalog.pendingVisit
        if (!visit) return
        catalog.setPendingVisit(null)
        if (visit.offerId !== undefined)
          events.emit('offer-visit', { offerId: visit.offerId, offer: visit.offer })
        if (signedIn) {
          navigate(pathTo(config, 'merchant-coupons-redirecting', { merchant: visit.merchant }) ?? '/')
          return
        }
        // 'Register later': the shopper still goes to the store, without tracked cash back.
        const go = (url: string | null) => {
          if (url) window.location.assign(url)
        }
        if (visit.redirectUrl) go(safeUrl(visit.redirectUrl))
        else
          import('../api')
            .then(({ catalogApi }) => catalogApi(http).store(visit.merchant, 'en'))
            .then((r) => go(safeUrl(r.data.redirect_url)))
            .catch(() => {})
      }),
    [catalog, events, http, navigate, config],
  )

  if (!brandHasExtension(config) || new URLSearchParams(location.search).get('ei') !== 'true') return null
  return (
    <Suspense fallback={null}>
      <ExtensionInstalled />
    </Suspense>
  )
}
