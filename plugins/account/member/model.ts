import { type Instance, types } from 'mobx-state-tree'

/**
 * The account plugin's slice of the root store (SPEC 3 "Store state": `rebate_address_updated`), and
 * the unread notification count the header shows (the notifications screen keeps it current).
 */
export const AccountStore = types
  .model('AccountStore', {
    /** SPEC 3: the member saved a rebate address in this session (the profile screen says so). */
    rebate_address_updated: false,
  })
  .volatile(() => ({
    /** Unread notifications of the signed-in member; null until asked. */
    unread: null as number | null,
  }))
  .actions((self) => ({
    setRebateAddressUpdated(v: boolean) {
      self.rebate_address_updated = v
    },
    setUnread(n: number | null) {
      self.unread = n
    },
  }))

export type AccountStoreInstance = Instance<typeof AccountStore>

declare module '@core' {
  interface StoreRegistry {
    account: AccountStoreInstance
  }
}
