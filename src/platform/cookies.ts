/** Cookies whose names carry the environment prefix (local_, qa1_, … ; none in production). */
export interface Cookies {
  get(name: string): string | undefined
  set(name: string, value: string, opts?: { days?: number; path?: string }): void
  remove(name: string): void
  /** The full name as stored, with the environment prefix. */
  name(name: string): string
}

export function createCookies(prefix: string, doc: Document = document): Cookies {
  const full = (name: string) => `${prefix}${name}`
  return {
    name: full,
    get(name) {
      const key = `${encodeURIComponent(full(name))}=`
      for (const part of doc.cookie.split(/;\s*/)) {
        if (part.startsWith(key)) {
          try {
            return decodeURIComponent(part.slice(key.length))
          } catch {
            return undefined // a value that cannot be read is treated as absent
          }
        }
      }
      return undefined
    },
    set(name, value, opts = {}) {
      const parts = [
        `${encodeURIComponent(full(name))}=${encodeURIComponent(value)}`,
        `path=${opts.path ?? '/'}`,
        'SameSite=Lax',
      ]
      if (opts.days !== undefined) parts.push(`max-age=${Math.round(opts.days * 86400)}`)
      if (doc.location?.protocol === 'https:') parts.push('Secure')
      doc.cookie = parts.join('; ')
    },
    remove(name) {
      doc.cookie = `${encodeURIComponent(full(name))}=; path=/; max-age=0`
    },
  }
}
