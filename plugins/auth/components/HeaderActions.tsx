import { observer } from 'mobx-react-lite'
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Button, constants, formatCents, Money, useStore, useTranslation } from '../../../src/index'
import s from './auth.module.css'

/**
 * The member's account panel on a narrow screen: a button with aria-expanded and aria-controls that
 * shows the balance, and the panel below the header. Escape, a navigation, a press outside or focus
 * leaving closes it; focus inside the panel then goes back to the button. (The catalog's header menu
 * behaves the same way; a plugin may not import another's code.)
 */
function useAccountPanel() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const { key } = useLocation()
  const shown = useRef(open)
  shown.current = open

  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new location
  useEffect(() => {
    if (!shown.current) return
    const at = document.activeElement
    setOpen(false)
    if (at !== button.current && box.current?.contains(at)) button.current?.focus()
  }, [key])
  useEffect(() => {
    if (!open) return
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  return {
    open,
    panelId,
    /** Closes it and focuses its button (before something else takes focus and gives it back). */
    close() {
      setOpen(false)
      button.current?.focus()
    },
    button: {
      ref: button,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((v) => !v),
    },
    box: {
      ref: box,
      onKeyDown(e: KeyboardEvent) {
        if (e.key !== 'Escape' || !open) return
        e.preventDefault()
        setOpen(false)
        button.current?.focus()
      },
      onBlur(e: FocusEvent) {
        const to = e.relatedTarget as Node | null
        if (open && to && !box.current?.contains(to)) setOpen(false)
      },
    },
  }
}

/**
 * 'header.actions': Sign in / Join for a visitor; balance, verify and sign out for a member. Below
 * 900 px (auth.module.css) a visitor sees Sign in alone (the dialog's tabs lead to Join), and a member
 * a button with the balance that opens the rest (balance link, verify, sign out). Same markup at every
 * width: the header is rendered to HTML on the server.
 */
export default observer(function HeaderActions() {
  const { t, i18n } = useTranslation('auth')
  const auth = useStore('auth')
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  const panel = useAccountPanel()

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
        className={s.accountToggle}
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
              if (panel.open) panel.close()
              auth.openPrompt('verify')
            }}
          >
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
    </div>
  )
})
