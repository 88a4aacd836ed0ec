import { lazy, Suspense, useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { useServices, useStore } from '../../../src/state/context'
import { catalogApi } from '../api'
import { redirectingPath, safeUrl } from '../url'

const ExtensionInstalled = lazy(() => import('./ExtensionInstalled'))

/**
 * Always mounted (slot 'app.overlay'): continues a store visit after the sign-in modal closes
 * (SPEC 4), and hosts the 'Extension already installed' dialog.
 */
export default function CatalogOverlay() {
  const catalog = useStore('catalog')
  const { events, http } = useServices()
  const navigate = useNavigate()

  useEffect(
    () =>
      events.on('auth-closed', ({ signedIn }) => {
        const visit = catalog.pendingVisit
        if (!visit) return
        catalog.setPendingVisit(null)
        if (visit.offerId !== undefined)
          events.emit('offer-visit', { offerId: visit.offerId, offer: visit.offer })
        if (signedIn) {
          navigate(redirectingPath(visit.merchant))
          return
        }
        // 'Register later': the shopper still goes to the store, without tracked cash back.
        const go = (url: string | null) => {
          if (url) window.location.assign(url)
        }
        if (visit.redirectUrl) go(safeUrl(visit.redirectUrl))
        else
          catalogApi(http)
            .store(visit.merchant, 'en')
            .then((r) => go(safeUrl(r.data.redirect_url)))
            .catch(() => {})
      }),
    [catalog, events, http, navigate],
  )

  return (
    <Suspense fallback={null}>
      <ExtensionInstalled />
    </Suspense>
  )
}
