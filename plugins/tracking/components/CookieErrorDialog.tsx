import { useStore } from '@core'
import { reaction } from 'mobx'
import { lazy, Suspense, useSyncExternalStore } from 'react'

const ErrorDialog = lazy(() => import('./ErrorDialog'))

/**
 * SPEC 8 "Cookie fetch failure": an error dialog with the error text. Renders nothing otherwise, and
 * the dialog's code and texts load only when it is first shown.
 */
export default function CookieErrorDialog() {
  const store = useStore('tracking')
  const error = useSyncExternalStore(
    (cb) => reaction(() => store.cookieError, cb),
    () => store.cookieError,
  )
  return error ? (
    <Suspense fallback={null}>
      <ErrorDialog error={error} onClose={() => store.setCookieError(null)} />
    </Suspense>
  ) : null
}
