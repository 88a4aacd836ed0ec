import { Button, pathTo, RouteLink, useDocumentTitle, usePath, useServices, useTranslation } from '@core'
import { type ReactNode, useState } from 'react'
import { NavLink, useNavigate } from 'react-router-dom'
import { staffApi } from './api'
import { queuesOf, type StaffMe, type StaffQueue } from './contract'
import s from './staff.module.css'
import { setStaff, useStaff } from './staff-state'

export { useStaff }

/** The route (config/routes.json) of each queue's page. */
export const QUEUE_ROUTES: Record<StaffQueue, string> = {
  payouts: 'staff-payouts',
  claims: 'staff-claims',
  inquiries: 'staff-inquiries',
  protection: 'staff-protection',
  chat: 'staff-chat',
  adjustments: 'staff-adjustments',
}

/** The console's sections a role sees, in order: home, its queues, member lookup, the admin's pages. */
export function navOf(me: Pick<StaffMe, 'role'>): { route: string; label: string }[] {
  return [
    { route: 'staff', label: 'nav.home' },
    ...queuesOf(me.role).map((q) => ({ route: QUEUE_ROUTES[q], label: `queues.${q}` })),
    // support looks members up; finance books adjustments from a member's page
    { route: 'staff-members', label: 'nav.members' },
    ...(me.role === 'admin'
      ? [
          { route: 'staff-accounts', label: 'nav.accounts' },
          { route: 'staff-audit', label: 'nav.audit' },
        ]
      : []),
  ]
}

function NavItem({ route, label }: { route: string; label: string }) {
  const { t } = useTranslation('staff')
  const path = usePath(route)
  if (!path) return null
  return (
    <li>
      <NavLink to={path} end className={({ isActive }) => (isActive ? s.current : undefined)}>
        {t(label)}
      </NavLink>
    </li>
  )
}

/**
 * The frame of every staff page: a skip link, the console's name, the navigation of the signed-in
 * role, who is signed in and sign-out, then the page's main region with its h1 (also the tab title).
 * Signed out (the sign-in page), only the name and the main region.
 */
export function StaffLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('staff')
  const me = useStaff()
  const { http, config } = useServices()
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  const [failed, setFailed] = useState(false)
  useDocumentTitle(`${title} · ${t('console')}`)

  const signOut = async () => {
    setLeaving(true)
    setFailed(false)
    try {
      await staffApi(http).signOut()
      setStaff(undefined)
      navigate(pathTo(config, 'staff-sign-in') ?? '/', { replace: true })
    } catch {
      setFailed(true)
      setLeaving(false)
    }
  }

  return (
    <div className={s.shell}>
      <a className={s.skip} href="#staff-main">
        {t('skip')}
      </a>
      <header className={s.header}>
        <p className={s.brand}>
          <RouteLink route="staff">{t('console')}</RouteLink>
        </p>
        {me ? (
          <div className={s.who}>
            <span>{t('signedInAs', { name: me.name || me.email, role: t(`roles.${me.role}`) })}</span>
            <Button variant="secondary" onClick={signOut} disabled={leaving}>
              {leaving ? t('signingOut') : t('signOut')}
            </Button>
            <span role="alert">{failed ? t('signOutFailed') : null}</span>
          </div>
        ) : null}
      </header>
      {me ? (
        <nav className={s.nav} aria-label={t('nav.label')}>
          <ul>
            {navOf(me).map((n) => (
              <NavItem key={n.route} {...n} />
            ))}
          </ul>
        </nav>
      ) : null}
      <main id="staff-main" className={s.main} tabIndex={-1}>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  )
}
