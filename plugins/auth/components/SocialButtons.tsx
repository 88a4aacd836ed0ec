import { RouteLink, useServices, useTranslation } from '@core'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { authApi } from '../api'
import type { SocialProvidersReply } from '../contract'
import s from './auth.module.css'

type Providers = SocialProvidersReply['providers']
let asked: Promise<Providers> | null = null

/**
 * Issue 31 · one button per social sign-in provider the server has (GET /api/auth/providers, asked
 * once per page load: the providers are the server's, never named in the build). Each goes to
 * /oauth/{provider}, which starts the sign-in and returns to this page. Nothing when there is none.
 */
export function SocialButtons({ onLeave }: { onLeave?: () => void }) {
  const { t } = useTranslation('auth')
  const here = useLocation()
  const { http } = useServices()
  const [providers, setProviders] = useState<Providers>([])
  useEffect(() => {
    let live = true
    asked ??= Promise.resolve()
      .then(() => authApi(http).socialProviders())
      .then((r) => r.providers)
      .catch(() => {
        asked = null
        return []
      })
    void asked.then((p) => live && setProviders(p))
    return () => {
      live = false
    }
  }, [http])
  if (!providers.length) return null
  // back to this page afterwards (the guest-only /login and /register send a member on to /account)
  const suffix = `?redirect=${encodeURIComponent(here.pathname + here.search)}`
  return (
    <nav className={s.social} aria-label={t('social.providers')} data-testid="social-providers">
      <p className={s.small}>{t('social.or')}</p>
      <ul>
        {providers.map((p) => (
          <li key={p.id}>
            <RouteLink
              route="oauth-provider"
              params={{ provider: p.id }}
              suffix={suffix}
              className={s.socialButton}
              onClick={onLeave}
            >
              {t('social.continueWith', { provider: p.label })}
            </RouteLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Tests: forget the providers asked for (each test's server has its own). */
export const resetSocialProviders = () => {
  asked = null
}
