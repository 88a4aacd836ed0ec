/**
 * Drawn pages kept for visitors (issue 29): the page the server drew for a path, language, country and
 * user agent is sent again to the next visitor who asks for the same, as long as the values of the
 * cookies the drawing read (src/node/page-paint.tsx `cookiesRead`) are the same too. What differs per
 * request is not kept: the CSP nonce (a placeholder until it is sent), and the start-up reads (the
 * visitor's attribution), made for each request and put in beside the kept data. A member's page is
 * never kept (server/static.ts does not ask). The pages live as long as the catalog's ready replies they
 * were drawn from (`ttlMs()`, CATALOG_CACHE_SECONDS; then as long again while a new drawing runs) and go
 * at once when that cache is cleared. An expired page whose calls answer as they did when it was drawn
 * is kept for another lifetime without being drawn again (`renew`, server/static.ts), for at most
 * RENEW_LIFETIMES lifetimes since its drawing.
 */
import type { FirstDataRequest } from '../../src/first-paint/key.ts'

/**
 * Lifetimes a page may be kept since it was drawn, renewed each time its calls answer as before: a
 * drawing of a store page costs 20 to 50 ms of a core, checking its calls again 1 to 3 ms, so a page
 * whose catalog did not change is drawn once per RENEW_LIFETIMES lifetimes (10 minutes by default)
 * rather than once per lifetime. What a page shows beside its data, relative times ("ends in 2 days"),
 * is at most that old; the app, taking the page over, draws it with its own clock.
 */
export const RENEW_LIFETIMES = 10
export interface KeptPage {
  status: number
  /** The page up to the first data's opening brace, and after its closing one. */
  before: string
  after: string
  /** The drawn data as JSON without its braces ('' when none): the start-up reads go before it. */
  data: string
  /** The cookies the drawing read, with the values it saw (undefined: absent). */
  cookies: Record<string, string | undefined>
  /** The page's own calls (not the start-up reads), and a digest of their replies when drawn (repliesDigest). */
  calls?: readonly FirstDataRequest[]
  replies?: string
  /** When it was drawn (Date.now()). */
  drawnAt?: number
}

interface Entry {
  pages: KeptPage[]
  at: number
  /** The share of the lifetime this entry is fresh for (expiryShare). */
  fresh: number
}

/** Whether the request's cookies have the values the page was drawn with. */
export const matches = (p: KeptPage, cookies: Readonly<Record<string, string>>) =>
  Object.entries(p.cookies).every(([n, v]) => cookies[n] === v)

/** Variants of one key at most (different values of the cookies read); the oldest goes first. */
const VARIANTS = 8

/**
 * The share of a lifetime an entry kept now is fresh for: from 1 - EXPIRY_SPREAD to 1, at random. Pages
 * drawn together (a start's warm-up, a cleared cache, a busy minute after a deploy) would otherwise
 * all expire together and be drawn again in one burst: test:cluster measured 100 store pages per
 * instance expiring in the same second, and its p99 for that second went from 40 ms to 300 to 1,100 ms
 * (issue 29). Spread over the last fifth of a 60 s lifetime, those drawings come 12 s apart at most.
 * The reply cache (reply-cache.ts) spreads its replies the same way.
 */
export const EXPIRY_SPREAD = 0.2
export const expiryShare = (random: () => number = Math.random) => 1 - EXPIRY_SPREAD * random()

export class PageCache {
  private map = new Map<string, Entry>()

  constructor(
    /** How long a page is kept (ms), read at each look-up; 0: nothing is kept. */
    private ttlMs: () => number,
    private max = 2_000,
    /** Where each entry's freshness is drawn from (expiryShare); tests pass their own. */
    private random: () => number = () => Math.random(),
  ) {}

  /**
   * The kept page for `key` whose cookies match, and whether it is stale: for `ttlMs` (less up to a
   * fifth, at random: expiryShare) a page is fresh; until twice `ttlMs` it is still sent at once
   * while one new drawing runs (server/static.ts), so a busy page never makes its visitors wait for a
   * drawing when it expires.
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
    return page ? { page, stale: age >= ttl * e.fresh } : undefined
  }

  set(key: string, page: KeptPage) {
    if (this.ttlMs() <= 0) return
    const now = Date.now()
    let e = this.map.get(key)
    if (!e || now - e.at >= this.ttlMs() * e.fresh) {
      // re-inserted last: the map stays in age order
      this.map.delete(key)
      if (this.map.size >= this.max) {
        const oldest = this.map.keys().next().value
        if (oldest !== undefined) this.map.delete(oldest)
      }
      e = { pages: [], at: now, fresh: expiryShare(this.random) }
      this.map.set(key, e)
    }
    e.pages = [
      page,
      ...e.pages.filter((p) => JSON.stringify(p.cookies) !== JSON.stringify(page.cookies)),
    ].slice(0, VARIANTS)
  }

  /**
   * Keeps `page` under `key` for another lifetime (a new share of it, expiryShare), without drawing it
   * again: its calls answered as when it was drawn. The key's other variants (other values of the
   * cookies read) were not checked, so they go, to be drawn at their next request. False when the page
   * is no longer kept there (gone, or replaced by a newer drawing).
   */
  renew(key: string, page: KeptPage): boolean {
    const e = this.map.get(key)
    if (!e?.pages.includes(page)) return false
    this.map.delete(key) // re-inserted last: the map stays in age order
    e.pages = [page]
    e.at = Date.now()
    e.fresh = expiryShare(this.random)
    this.map.set(key, e)
    return true
  }

  clear() {
    this.map.clear()
  }

  get size() {
    return this.map.size
  }
}
