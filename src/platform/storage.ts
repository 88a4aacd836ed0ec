/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null
    } catch {
      return null
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value)
    } catch {
      // storage full or disabled: the value is simply not kept
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key)
    } catch {
      // nothing to do
    }
  },
}
