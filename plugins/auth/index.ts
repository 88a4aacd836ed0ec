import { definePlugin } from '../../src/plugin/define'
import { auth, guest, signedInOrThankYou } from './guards'
import { AuthStore, type AuthStoreInstance } from './model'
import { restoreSession } from './session'

// Screens the auth issue builds; until then they show the core's honest placeholder.
const pending = () => import('../../src/ui/PendingPage')

export default definePlugin({
  name: 'auth',
  screens: {
    SignInModal: () => import('./screens/SignInModalPending'),
    LogoutPage: pending,
    PasswordResetRequestPage: pending,
    PasswordResetPage: pending,
    PasswordSetPage: pending,
    VerifyPage: pending,
    LoginFullPage: pending,
    LoginFullPageRedirect: pending,
    MobileLoginFullPageRedirect: pending,
    TokenCallbackPage: pending,
    SocialCallbackPage: pending,
    OAuthPage: pending,
  },
  guards: { guest, auth, 'signed-in-or-thankyou': signedInOrThankYou },
  model: AuthStore,
  locales: {
    en: () => import('../../locales/en/auth.json'),
    es: () => import('../../locales/es/auth.json'),
  },
  setup: ({ store }) => restoreSession(store.auth as AuthStoreInstance),
})
