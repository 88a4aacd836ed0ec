import { badgeClass, RouteLink, useServices, useSession, useStore, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import s from './badge.module.css'
import { unreadCount } from './unread/api'

/**
 * 'header.actions': a link to the notifications with the unread count, for a signed-in member only
 * (read through the session view). The notifications screen keeps the count current.
 */
export default observer(function UnreadBadge() {
  const { t } = useTranslation('account-header')
  const session = useSession()
  const account = useStore('account')
  const { http } = useServices()
  const signedIn = session.authenticated
  useEffect(() => {
    if (!signedIn) {
      account.setUnread(null)
      return
    }
    let live = true
    unreadCount(http).then(
      (n) => live && account.setUnread(n),
      () => live && account.setUnread(null),
    )
    return () => {
      live = false
    }
  }, [signedIn, http, account])
  if (!signedIn) return null
  const n = account.unread ?? 0
  return (
    <RouteLink
      route="account-notifications"
      className={`${badgeClass} ${s.bell}`}
      aria-label={n ? t('unread', { count: n }) : t('none')}
      data-testid="unread-badge"
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
      </svg>
      {n ? (
        <span className={s.count} data-testid="unread-count">
          {n}
        </span>
      ) : null}
    </RouteLink>
  )
})
