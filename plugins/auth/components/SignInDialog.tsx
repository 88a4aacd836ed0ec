import { Dialog, useServices, useStore, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { useNavigate } from 'react-router-dom'
import type { LoginReply } from '../contract'
import { homePath } from '../entry'
import type { Tab } from '../model'
import s from './auth.module.css'
import { AuthPanels } from './forms'
import { useAfterLogin } from './useAfterLogin'

/** The sign-in modal, whichever way it was opened (the /login and /register routes, or 'open-auth'). */
export default observer(function SignInDialog() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const { events, config } = useServices()
  const navigate = useNavigate()
  const afterLogin = useAfterLogin()
  const modal = auth.modal
  if (!modal) return null
  const fromRoute = modal.source === 'route'

  function close(signedIn: boolean) {
    auth.closeModal()
    events.emit('auth-closed', { signedIn })
    if (!signedIn && fromRoute) navigate(homePath(config), { replace: true })
  }
  function done(reply: LoginReply, tab: Tab) {
    auth.showNotice(
      tab === 'register'
        ? { key: 'notice.registered', tone: 'success', text: auth.user.email ?? '' }
        : { key: 'notice.welcome', tone: 'success' },
    )
    close(true)
    afterLogin(reply, fromRoute ? homePath(config) : null)
  }
  const variant = config.brand.authModalVariant === 'new' ? 'new' : 'classic'
  const panels = (
    <AuthPanels
      tab={modal.tab}
      onTab={(tab) => auth.setTab(tab)}
      onDone={done}
      onLeave={() => close(false)}
      registerLater={modal.registerLater ? () => close(false) : undefined}
      pitch={modal.registerLater}
    />
  )
  return (
    <Dialog
      title={modal.tab === 'register' ? t('modal.register') : t('modal.login')}
      onClose={() => close(false)}
      closeLabel={t('modal.close')}
      size={variant === 'new' ? 'wide' : undefined}
      testId="signin-modal"
      data-tab={modal.tab}
      data-variant={variant}
    >
      {variant === 'new' ? (
        <div className={s.split}>
          <div>{panels}</div>
          <aside className={s.side} aria-label={t('modal.sideTitle')}>
            <h3>{t('modal.sideTitle')}</h3>
            <ul>
              <li>{t('modal.sideCashback')}</li>
              <li>{t('modal.sideCoupons')}</li>
              <li>{t('modal.sideCoins')}</li>
            </ul>
          </aside>
        </div>
      ) : (
        panels
      )}
    </Dialog>
  )
})
