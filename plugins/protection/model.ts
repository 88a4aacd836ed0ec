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

const INPUTS = ['keydown', 'pointerdown', 'touchstart'] as const
let pageInput: Promise<void> | undefined

/**
 * Resolves at the first input on `target` (a key, a pointer or a touch), or at once where there is no
 * page (the server's drawing). On the page itself (the default) it is asked once: a later call after
 * the first input resolves at once.
 */
export function firstInput(target?: EventTarget): Promise<void> {
  const page = globalThis.window as EventTarget | undefined
  if (!target && pageInput) return pageInput
  const on = target ?? page
  const p = !on
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const done = () => {
          for (const type of INPUTS) on.removeEventListener(type, done, true)
          resolve()
        }
        for (const type of INPUTS) on.addEventListener(type, done, { capture: true, passive: true })
      })
  if (!target) pageInput = p
  return p
}

/**
 * "Loaded with the member": signed in (or another member) -> the linked accounts load in the
 * background once the member first acts on the page (`later`: the first input), not on a member's first
 * screen, which shows none of them (issue 30: the calls, their checks and the reply were 1.6 KB gzip of
 * it); a screen that shows them loads them itself, and is not asked again. Signed out -> they are
 * forgotten. Returns the disposer.
 */
export function followSession(
  store: ProtectionStoreInstance,
  session: Services['session'],
  later: () => Promise<void> = firstInput,
): () => void {
  const member = () => (session.authenticated ? `member:${session.member?.id ?? ''}` : null)
  return reaction(
    member,
    (who) => {
      // signed out, or another member: the accounts shown so far are not theirs
      store.clear()
      if (who === null) return
      later().then(() => {
        // another member signed in meanwhile, or a screen loaded them already: nothing to do
        if (member() !== who || store.status !== 'idle') return
        store.load().catch(() => {}) // the status says it failed; the accounts page offers a retry
      })
    },
    { fireImmediately: true },
  )
}
