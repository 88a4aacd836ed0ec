/**
 * Drawn pages kept for visitors (issue 29): the page the server drew for a path, language, country and
 * user agent is sent again to the next visitor who asks for the same, as long as the values of the
 * cookies the drawing read (src/node/page-paint.tsx `cookiesRead`) are the same too. What differs per
 * request is not kept: the CSP nonce (a placeholder until it is sent), and the start-up reads (the
 * visitor's attribution), made for each request and put in beside the kept data. A member's page is
 * never kept (server/static.ts does not ask). The pages live as long as the catalog's ready replies they
 * were drawn from (`ttlMs()`, CATALOG_CACHE_SECONDS; then as long again while a new drawing runs) and go
 * at once when that cache is cleared.
 */
export interface KeptPage {
  status: number
  /** The page up to the first data's opening brace, and after its closing one. */
  before: string
  after: string
  /** The drawn data as JSON without its braces ('' when none): the start-up reads go before it. */
  data: string
  /** The cookies the drawing read, with the values it saw (undefined: absent). */
  cookies: Record<string, string | undefined>
}

interface Entry {
  pages: KeptPage[]
  at: number
}

/** Whether the request's cookies have the values the page was drawn with. */
export const matches = (p: KeptPage, cookies: Readonly<Record<string, string>>) =>
  Object.entries(p.cookies).every(([n, v]) => cookies[n] === v)

/** Variants of one key at most (different values of the cookies read); the oldest goes first. */
const VARIANTS = 8

export class PageCache {
  private map = new Map<string, Entry>()

  constructor(
    /** How long a page is kept (ms), read at each look-up; 0: nothing is kept. */
    private ttlMs: () => number,
    private max = 2_000,
  ) {}

  /**
   * The kept page for `key` whose cookies match, and whether it is stale: for `ttlMs` a page is fresh;
   * for as long again it is still sent at once while one new drawing runs (server/static.ts), so a busy
   * page never makes its visitors wait for a drawing when it expires.
   */
  get(
    key: string,
    cookies: Readonly<Record<string, string>>,
  ): { page: KeptPage; stale: boolean } | undefined {
    const e = this.map.get(key)
    if (!e) return undefined
    const ttl = this.ttlMs()
    const age = Date.now() - e.at
    if (age >= 2 * ttl) {
      this.map.delete(key)
      return undefined
    }
    const page = e.pages.find((p) => matches(p, cookies))
    return page ? { page, stale: age >= ttl } : undefined
  }

  set(key: string, page: KeptPage) {
    if (this.ttlMs() <= 0) return
    const now = Date.now()
    let e = this.map.get(key)
    if (!e || now - e.at >= this.ttlMs()) {
      // re-inserted last: the map stays in age order
      this.map.delete(key)
      if (this.map.size >= this.max) {
        const oldest = this.map.keys().next().value
        if (oldest !== undefined) this.map.delete(oldest)
      }
      e = { pages: [], at: now }
      this.map.set(key, e)
    }
    e.pages = [
      page,
      ...e.pages.filter((p) => JSON.stringify(p.cookies) !== JSON.stringify(page.cookies)),
    ].slice(0, VARIANTS)
  }

  clear() {
    this.map.clear()
  }

  get size() {
    return this.map.size
  }
}
