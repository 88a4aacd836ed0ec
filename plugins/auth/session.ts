import { getEnv } from 'mobx-state-tree'
import { constants } from '../../src/config/constants'
import { storage } from '../../src/platform/storage'
import type { Services } from '../../src/plugin/types'
import type { AuthStoreInstance, User } from './model'

/** Reads the stored member; anything unreadable counts as absent. */
export function storedUser(): User | null {
  const raw = storage.get(constants.storageKeys.user)
  if (!raw) return null
  try {
    const v = JSON.parse(raw) as unknown
    return typeof v === 'object' && v !== null && 'user_id' in v ? (v as User) : null
  } catch {
    return null
  }
}

/**
 * Start-up restore, first case of SPEC 4 only: the cookie token matches the stored member. The
 * other two cases (token sync, logout) belong to the auth issue.
 */
export function restoreSession(store: AuthStoreInstance): void {
  const { cookies, http } = getEnv<Services>(store)
  const token = cookies.get(constants.loginCookieName)
  const user = storedUser()
  if (token && user && user.login_token === token) {
    http.setBearer(token)
    store.restored(user)
  }
}
