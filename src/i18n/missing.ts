import { constants } from '../config/constants'
import { storage } from '../platform/storage'

export interface MissingReporter {
  /** Called with the English text shown where a Spanish one is missing. */
  missing(text: string): void
}

/**
 * Reports each missing Spanish text at most once per `missingTranslationFlagMinutes`: the flags
 * (text -> until) are kept in local storage under `translationCacheKey`, so a reload does not
 * report again within the minute. An unreadable cache is treated as empty.
 */
export function createMissingReporter(
  report: (text: string) => void,
  now: () => number = Date.now,
): MissingReporter {
  const key = constants.translationCacheKey
  const ttl = constants.missingTranslationFlagMinutes * 60_000
  function load(): Record<string, number> {
    try {
      const v = JSON.parse(storage.get(key) ?? '{}') as unknown
      return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, number>) : {}
    } catch {
      return {}
    }
  }
  return {
    missing(text) {
      if (!text) return
      const t = now()
      const flags = load()
      if (typeof flags[text] === 'number' && flags[text] > t) return
      for (const [k, until] of Object.entries(flags))
        if (typeof until !== 'number' || until <= t) delete flags[k]
      flags[text] = t + ttl
      storage.set(key, JSON.stringify(flags))
      try {
        report(text)
      } catch {
        // reporting is best effort
      }
    },
  }
}
