import { type Instance, types } from 'mobx-state-tree'

/** The member as the login reply gives it (SPEC 3 "User"); the auth issue fills in the behaviour. */
export interface User {
  user_id: number | string
  email?: string
  is_verified?: boolean
  created_at?: string
  coin_onboarding?: number
  subscribed?: number | boolean
  plus?: { active: boolean }
  shipping?: { active: boolean }
  login_token?: string
  country_code?: string
  webpartner_id?: number | string | null
  [field: string]: unknown
}

export const AuthStore = types
  .model('AuthStore', {
    authenticated: false,
    status: types.optional(types.enumeration(['empty', 'loading', 'success', 'error']), 'empty'),
    user: types.frozen<User | null>(null),
  })
  .actions((self) => ({
    restored(user: User) {
      self.user = user
      self.authenticated = true
      self.status = 'success'
    },
    reset() {
      self.user = null
      self.authenticated = false
      self.status = 'empty'
    },
  }))

export type AuthStoreInstance = Instance<typeof AuthStore>

declare module '../../src/state/root' {
  interface StoreRegistry {
    auth: AuthStoreInstance
  }
}
