import { type ScreenProps, useStore } from '@core'
import { useEffect } from 'react'
/**
 * The overlay of /login and /register (routes.json): it opens the one sign-in modal, which the
 * plugin's 'app.overlay' renders, on the route's tab. Leaving the route closes it.
 */
export default function SignInModal({ tab }: ScreenProps) {
  const auth = useStore('auth')
  const which = tab === 'register' ? 'register' : 'login'
  useEffect(() => {
    auth.openModal(which, { source: 'route' })
    return () => {
      if (auth.modal?.source === 'route') auth.closeModal()
    }
  }, [auth, which])
  return null
}
