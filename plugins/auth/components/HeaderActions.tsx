import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Button, constants, Money, useStore, useTranslation } from '../../../src/index'
import s from './auth.module.css'

/** 'header.actions': Sign in / Join for a visitor; balance, verify and sign out for a member. */
export default observer(function HeaderActions() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)

  async function signOut() {
    setLeaving(true)
    await auth.logout()
    auth.showNotice({ key: 'notice.signedOut', tone: 'success' })
    // SPEC 4: the success message shows for 2 s, then /logout
    setTimeout(() => {
      setLeaving(false)
      navigate('/logout')
    }, constants.signOutPopupMs)
  }

  if (!auth.authenticated) {
    return (
      <div className={s.headerActions} data-testid="auth-header">
        <Button variant="secondary" onClick={() => auth.openModal('login')} disabled={leaving}>
          {t('action.signIn')}
        </Button>
        <Button size="large" onClick={() => auth.openModal('register')} disabled={leaving}>
          {t('action.join')}
        </Button>
      </div>
    )
  }
  const u = auth.user
  return (
    <div className={s.headerActions} data-testid="auth-header">
      {u.is_verified === false ? (
        <button type="button" className={s.pill} onClick={() => auth.openPrompt('verify')}>
          {t('header.verify')}
        </button>
      ) : null}
      <Link
        to="/account"
        className={s.balance}
        title={u.email ? t('header.signedInAs', { email: u.email }) : undefined}
      >
        <span>{t('header.balance')}</span>
        <strong data-testid="cash-balance">
          <Money cents={Number(u.cash_balance_cents) || 0} />
        </strong>
      </Link>
      <Button variant="secondary" onClick={signOut} disabled={leaving}>
        {t('action.signOut')}
      </Button>
    </div>
  )
})
