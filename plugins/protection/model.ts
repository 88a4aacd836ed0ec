import type { Services } from '@core'
import { reaction } from 'mobx'
import { applySnapshot, flow, getEnv, type Instance, type SnapshotIn, types } from 'mobx-state-tree'
// types only: this file is in the entry bundle, so no zod schema is imported here (api.ts checks replies)
import type { LinkedAccount as LinkedAccountReply } from './contract'

/** One linked account as the store keeps it (the fields of the contract's LinkedAccount). */
export const LinkedAccount = types.model('LinkedAccount', {
  id: types.number,
  /** A provider id of the contract (amazon, walmart, …). */
  provider: types.string,
  account_email: types.string,
  status: types.enumeration('LinkedAccountStatus', ['connected', 'needs_attention']),
  created_at: types.string,
  last_synced_at: types.maybeNull(types.string),
  sync_error: types.maybeNull(types.frozen<{ at: string; message: string }>()),
  manage_url: types.maybeNull(types.string),
})
export type LinkedAccountInstance = Instance<typeof LinkedAccount>

/** The contract's accounts as the store's snapshots (a copy: the reply is not kept). */
const snapshots = (list: readonly LinkedAccountReply[]) =>
  list.map((a): SnapshotIn<typeof LinkedAccount> => ({ ...a }))

/** Where the linked accounts are: not asked (signed out), on their way, here, or failed. */
export const LinkedStatuses = ['idle', 'loading', 'success', 'error'] as const
export type LinkedStatus = (typeof LinkedStatuses)[number]

/**
 * The protection plugin's slice of the root store (SPEC 3 "Store state": `linked_accounts`), loaded
 * with the member (see `followSession`) and refreshed by the linked-accounts screens.
 */
export const ProtectionStore = types
  .model('ProtectionStore', {
    linked_accounts: types.array(LinkedAccount),
    status: types.optional(types.enumeration<LinkedStatus>('LinkedStatus', [...LinkedStatuses]), 'idle'),
  })
  .volatile(() => ({
    /** Why the last load failed; null otherwise. */
    error: null as unknown,
  }))
  .actions((self) => {
    // a load that a newer load or a sign-out overtook is dropped
    let seq = 0
    return {
      /** Replaces the linked accounts (after a sync or an unlink). */
      set(list: readonly LinkedAccountReply[]) {
        seq++
        applySnapshot(self.linked_accounts, snapshots(list))
        self.status = 'success'
        self.error = null
      },
      /** Forgets the member's linked accounts (signed out). */
      clear() {
        seq++
        self.linked_accounts.clear()
        self.status = 'idle'
        self.error = null
      },
      /**
       * Loads the member's linked accounts (SPEC 7 GET {base}/accounts with credentials). A failure
       * sets the error status, keeps nothing stale, and rejects with the error.
       */
      load: flow(function* load() {
        const mine = ++seq
        self.status = 'loading'
        try {
          // the calls and their checks load on demand: the store is in the entry bundle
          const { protectionApi } = (yield import('./api')) as typeof import('./api')
          const reply = (yield protectionApi(getEnv<Services>(self)).linkedAccounts()) as {
            data: LinkedAccountReply[]
          }
          if (mine !== seq) return
          applySnapshot(self.linked_accounts, snapshots(reply.data))
          self.status = 'success'
          self.error = null
        } catch (e) {
          if (mine !== seq) return
          self.linked_accounts.clear()
          self.status = 'error'
          self.error = e
          throw e
        }
      }),
    }
  })

export type ProtectionStoreInstance = Instance<typeof ProtectionStore>

declare module '@core' {
  interface StoreRegistry {
    protection: ProtectionStoreInstance
  }
}

/**
 * "Loaded with the member": signed in (or another member) -> the linked accounts load in the
 * background, without holding up the start; signed out -> they are forgotten. Returns the disposer.
 */
export function followSession(store: ProtectionStoreInstance, session: Services['session']): () => void {
  return reaction(
    () => (session.authenticated ? `member:${session.member?.id ?? ''}` : null),
    (who) => {
      if (who === null) store.clear()
      else store.load().catch(() => {}) // the status says it failed; the accounts page offers a retry
    },
    { fireImmediately: true },
  )
}
