import { useApp, useStore } from '@core'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useStorePaths } from '../url'

const RedirectPopup = lazy(() => import('./RedirectPopup'))

export interface VisitTarget {
  merchant: string
  name: string
  /** The merchant's public URL (for 'register later'); fetched when not known. */
  redirectUrl?: string
  offerId?: number
  offer?: Record<string, unknown>
  /** A coupon without a code: the popup says 'No Code Required'. */
  noCode?: boolean
}

/**
 * The store visit (SPEC 4): a member sees the 'Redirecting...' popup for redirectPopupMs, then the
 * /{merchant}-coupons/redirecting page hands them to the merchant. A visitor's visit is stored, the
 * register modal opens with 'register later', and the catalog overlay continues it when the modal
 * closes (to the tracked redirect when signed in, else straight to the merchant).
 */
export function useStoreVisit(): { start: (t: VisitTarget) => void; popup: ReactNode } {
  const { services } = useApp()
  const catalog = useStore('catalog')
  const navigate = useNavigate()
  const [target, setTarget] = useState<VisitTarget | null>(null)
  const paths = useStorePaths()

  function start(t: VisitTarget) {
    if (!services.session.authenticated) {
      catalog.setPendingVisit({
        merchant: t.merchant,
        redirectUrl: t.redirectUrl ?? '',
        offerId: t.offerId,
        offer: t.offer,
      })
      // after a popup that led here has closed (a modal <dialog> would make the sign-in modal inert)
      window.setTimeout(() => services.events.emit('open-auth', { tab: 'register', registerLater: true }), 0)
      return
    }
    setTarget(t)
  }

  const popup = target ? (
    <Suspense fallback={null}>
      <RedirectPopup
        name={target.name}
        noCode={target.noCode}
        onClose={() => setTarget(null)}
        onDone={() => navigate(paths.redirecting(target.merchant))}
      />
    </Suspense>
  ) : null
  return { start, popup }
}
