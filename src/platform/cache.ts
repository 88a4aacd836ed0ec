import { constants } from '../config/constants'
import { storage } from './storage'

/** A value in local storage with an expiry; read after its expiry it is removed and absent. */
export interface LocalCache {
  get<T>(key: string): T | undefined
  set<T>(key: string, value: T, minutes?: number): void
  remove(key: string): void
}

interface Entry {
  value: unknown
  expiry: number
}

function isEntry(x: unknown): x is Entry {
  return typeof x === 'object' && x !== null && 'value' in x && typeof (x as Entry).expiry === 'number'
}

export function createLocalCache(now: () => number = Date.now): LocalCache {
  return {
    get<T>(key: string): T | undefined {
      const raw = storage.get(key)
      if (raw === null) return undefined
      let entry: unknown
      try {
        entry = JSON.parse(raw)
      } catch {
        storage.remove(key) // unreadable: treated as absent
        return undefined
      }
      if (!isEntry(entry) || entry.expiry <= now()) {
        storage.remove(key)
        return undefined
      }
      return entry.value as T
    },
    set(key, value, minutes = constants.defaultCacheMinutes) {
      storage.set(key, JSON.stringify({ value, expiry: now() + minutes * 60_000 }))
    },
    remove: (key) => storage.remove(key),
  }
}
