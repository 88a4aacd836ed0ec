import { definePlugin } from '@core'
import { auth, guest, signedInOrThankYou } from './guards'
import { AuthStore, type AuthStoreInstance } from './model'
import { sessionOf } from './view'

/**
 * The auth plugin: the session (restore, sync, refresh, sign-out), the sign-in modal (over /login
 * and /register, or opened anywhere with the 'open-auth' event), the guards, verification, password
 * reset, email set and merge, and sign-in by a token or a social provider.
 */
export default definePlugin({
  name: 'auth',
  screens: {
    SignInModal: () => import('./screens/SignInModal'),
    LogoutPage: () => import('./screens/LogoutPage'),
    PasswordResetRequestPage: () => import('./screens/PasswordResetRequestPage'),
    PasswordResetPage: () => import('./screens/PasswordResetPage'),
    PasswordSetPage: () => import('./screens/PasswordSetPage'),
    VerifyPage: () => import('./screens/VerifyPage'),
    EmailChangePage: () => import('./screens/EmailChangePage'),
    LoginFullPage: () => import('./screens/LoginFullPage'),
    LoginFullPageRedirect: () => import('./screens/LoginFullPageRedirect'),
    MobileLoginFullPageRedirect: () => import('./screens/MobileLoginFullPageRedirect'),
    TokenCallbackPage: () => import('./screens/TokenCallbackPage'),
    SocialCallbackPage: () => import('./screens/SocialCallbackPage'),
    OAuthPage: () => import('./screens/OAuthPage'),
  },
  guards: { guest, auth, 'signed-in-or-thankyou': signedInOrThankYou },
  // the guards that pass exactly when a member is signed in: the server may draw their pages for a login
  memberGuards: ['auth', 'signed-in-or-thankyou'],
  model: AuthStore,
  // the session view the core declares: what the other plugins may read of the member
  provides: { session: ({ store }) => sessionOf(store.auth as AuthStoreInstance) },
  locales: {
    en: () => import('../../locales/en/auth.json'),
    es: () => import('../../locales/es/auth.json'),
  },
  // the header's Sign in / Join (and the member's panel) with their few texts: a visitor's page does
  // not fetch the whole 'auth' namespace, which the sign-in dialog loads when it opens
  namespaces: {
    'auth-header': {
      en: () => import('../../locales/en/auth-header.json'),
      es: () => import('../../locales/es/auth-header.json'),
    },
  },
  slots: {
    'header.actions': { load: () => import('./components/HeaderActions'), texts: ['auth-header'] },
    'app.overlay': () => import('./components/AuthOverlay'),
  },
  // the session code is its own chunk, loaded (and awaited) at start-up, so it is not in the entry
  setup: async (ctx) => (await import('./session')).startAuth(ctx),
})
