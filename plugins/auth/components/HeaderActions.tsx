import {
  Button,
  badgeClass,
  constants,
  formatCents,
  Money,
  RouteLink,
  useDisclosure,
  usePath,
  useStore,
  useTranslation,
} from '@core'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import s from './auth.module.css'

/**
 * 'header.actions': Sign in / Join for a visitor; balance, verify and sign out for a member. Below
 * 900 px (auth.module.css) a visitor sees Sign in alone (the dialog's tabs lead to Join); below 1200 px
 * a member sees a button with the balance that opens the rest (balance link, verify, sign out), so the
 * header stays one row. Same markup at every width: the header is rendered to HTML on the server.
 */
export default observer(function HeaderActions() {
  const { t, i18n } = useTranslation('auth-header')
  const auth = useStore('auth')
  const navigate = useNavigate()
  const logoutPath = usePath('logout') ?? '/'
  const [leaving, setLeaving] = useState(false)
  // the member's account panel on a narrow screen (a core disclosure: Escape, a press outside, focus
  // leaving or a navigation closes it)
  const panel = useDisclosure()

  async function signOut() {
    setLeaving(true)
    await auth.logout()
    auth.showNotice({ key: 'notice.signedOut', tone: 'success' })
    // SPEC 4: the success message shows for 2 s, then /logout
    setTimeout(() => {
      setLeaving(false)
      navigate(logoutPath)
    }, constants.signOutPopupMs)
  }

  if (!auth.authenticated) {
    return (
      <div className={s.headerActions} data-testid="auth-header">
        <Button
          variant="secondary"
          className={s.signIn}
          onClick={() => auth.openModal('login')}
          disabled={leaving}
        >
          {t('action.signIn')}
        </Button>
        <Button size="large" className={s.join} onClick={() => auth.openModal('register')} disabled={leaving}>
          {t('action.join')}
        </Button>
      </div>
    )
  }
  const u = auth.user
  const unverified = u.is_verified === false
  const balance = formatCents(Number(u.cash_balance_cents) || 0, i18n.language)
  return (
    <div className={s.headerActions} data-testid="auth-header" {...panel.box}>
      <button
        type="button"
        className={`${badgeClass} ${s.accountToggle}`}
        aria-label={[t('header.accountMenu', { balance }), unverified ? t('header.unverified') : '']
          .filter(Boolean)
          .join(', ')}
        {...panel.button}
      >
        <span aria-hidden="true">{balance}</span>
        <svg aria-hidden="true" focusable="false" width="12" height="12" viewBox="0 0 12 12">
          <path
            d={panel.open ? 'M2 8l4-4 4 4' : 'M2 4l4 4 4-4'}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        {unverified ? <span className={s.dot} aria-hidden="true" /> : null}
      </button>
      <div id={panel.panelId} className={s.accountPanel} data-open={panel.open || undefined}>
        {unverified ? (
          <button
            type="button"
            className={s.pill}
            onClick={() => {
              // a dialog gives focus back to what opened it: the button, not the hidden panel
              if (panel.open) panel.close({ focus: true })
              auth.openPrompt('verify')
            }}
          >
            {t('header.verify')}
          </button>
        ) : null}
        <RouteLink
          route="account"
          className={s.balance}
          title={u.email ? t('header.signedInAs', { email: u.email }) : undefined}
        >
          <span>{t('header.balance')}</span>
          <strong data-testid="cash-balance">
            <Money cents={Number(u.cash_balance_cents) || 0} />
          </strong>
        </RouteLink>
        <Button variant="secondary" onClick={signOut} disabled={leaving}>
          {t('action.signOut')}
        </Button>
      </div>
    </div>
  )
})
