import { Spinner, useServices, useStore, useTranslation } from '@core'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { homePath } from '../entry'

/** /logout: signs out if still signed in, then home (the partner's destination for a partner brand). */
export default function LogoutPage() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const { config } = useServices()
  const navigate = useNavigate()
  useEffect(() => {
    let live = true
    void auth.logout().then(() => {
      if (live) navigate(homePath(config), { replace: true })
    })
    return () => {
      live = false
    }
  }, [auth, config, navigate])
  return (
    <section aria-busy="true">
      <h1 className="visually-hidden">{t('logout.working')}</h1>
      <Spinner />
    </section>
  )
}
