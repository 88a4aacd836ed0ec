import { type Instance, types } from 'mobx-state-tree'
import type { Attribution } from './attribution'

/** SPEC 3 store state "attribution", plus what /api/get-cookie answered. */
export const TrackingStore = types
  .model('TrackingStore', {
    attribution: types.frozen<Attribution | null>(null),
    countryCode: types.maybeNull(types.string),
  })
  .volatile(() => ({
    /** The failure of /api/get-cookie, shown in an error dialog (SPEC 8). */
    cookieError: null as unknown,
  }))
  .actions((self) => ({
    setAttribution(a: Attribution) {
      self.attribution = a
    },
    setCountry(code: string) {
      self.countryCode = code
    },
    setCookieError(e: unknown) {
      self.cookieError = e
    },
  }))

export type TrackingStoreInstance = Instance<typeof TrackingStore>

declare module '@core' {
  interface StoreRegistry {
    tracking: TrackingStoreInstance
  }
}
