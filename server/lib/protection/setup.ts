import type { ProviderId } from '../../../plugins/protection/contract.ts'
import type { Db } from '../../db/index.ts'
import type { Mode } from '../../types.ts'
import { devAdapter } from './dev-adapter.ts'
import type { ProviderAdapter } from './providers.ts'
import { describeKey, keyPlan, loadKey, type TokenCipher, tokenCipher } from './token-cipher.ts'

export interface Protection {
  /** The adapter that serves linking (only the development provider so far), or null. */
  adapter: ProviderAdapter | null
  /** null: no key, so no token can be kept and linking is off. */
  cipher: TokenCipher | null
  available(provider: ProviderId): boolean
  /** A member's "check now" at most once per this many seconds (0: no limit). */
  syncMinSeconds: number
  /** The watcher's period in seconds (0: off). */
  watchSeconds: number
  /** Its line in the start-up summary. */
  describe(): string
}

export interface ProtectionOptions {
  mode: Mode
  databaseUrl?: string | undefined
  dataDir?: string
  envKey?: string | undefined
  devProvider: boolean
  syncMinSeconds: number
  watchSeconds: number
}

/** Which provider serves linking and with which key. Throws (the start fails) on a malformed key. */
export async function setupProtection(db: Db, o: ProtectionOptions): Promise<Protection> {
  if (!Number.isInteger(o.watchSeconds) || o.watchSeconds < 0)
    throw new Error('PROTECTION_WATCH_SECONDS must be a whole number of seconds (0 turns the watcher off).')
  const plan = keyPlan(o)
  const key = await loadKey(plan, db)
  const cipher = key ? tokenCipher(key) : null
  const adapter = o.devProvider ? devAdapter(db) : null
  return {
    adapter,
    cipher,
    available: (p) => !!(adapter && cipher && adapter.serves(p)),
    syncMinSeconds: o.syncMinSeconds,
    watchSeconds: o.watchSeconds,
    describe() {
      const who = adapter ? adapter.describe() : 'no provider adapter: linking is off'
      const watch = o.watchSeconds > 0 ? `watcher every ${o.watchSeconds} s` : 'watcher off'
      return `${who}; ${describeKey(plan)}; ${watch}`
    },
  }
}
