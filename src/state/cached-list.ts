import { flow, getEnv, types } from 'mobx-state-tree'
import { constants } from '../config/constants'
import type { Services } from '../plugin/types'

export type LoadStatus = 'empty' | 'loading' | 'success' | 'error'

/**
 * A list fetched from the API and kept for a while: `data` plus `expire` (ms since epoch), with a
 * status for the screen's skeleton, empty and error states. Kept in local storage under `cacheKey`
 * when one is given, so a reload within the expiry makes no call.
 *
 * @example
 * const Categories = types.optional(CachedList, { cacheKey: 'categories', minutes: 24 * 60 })
 * store.categories.load(() => http.get('/api/categories'))
 */
export const CachedList = types
  .model('CachedList', {
    data: types.frozen<unknown[]>([]),
    expire: 0,
    page: 1,
    has_more: false,
    cacheKey: types.maybe(types.string),
    minutes: constants.defaultCacheMinutes,
  })
  .volatile(() => ({ status: 'empty' as LoadStatus, error: undefined as string | undefined }))
  .views((self) => ({
    fresh(now = Date.now()) {
      return self.data.length > 0 && self.expire > now
    },
  }))
  .actions((self) => {
    function store(data: unknown[], page: number, hasMore: boolean) {
      self.data = data
      self.page = page
      self.has_more = hasMore
      self.expire = Date.now() + self.minutes * 60_000
      self.status = 'success'
      self.error = undefined
    }
    return {
      /** Takes a first page had another way (the reply a page was drawn with): no call. */
      take(data: unknown[], hasMore: boolean) {
        store(data, 1, hasMore)
      },
      setStatus(status: LoadStatus, error?: string) {
        self.status = status
        self.error = error
      },
      /** Loads unless a fresh copy is held (in memory or in local storage). */
      load: flow(function* load(fetcher: () => Promise<unknown[]>, opts: { force?: boolean } = {}) {
        const { cache } = getEnv<Services>(self)
        if (!opts.force && self.fresh()) return
        if (!opts.force && self.cacheKey) {
          const hit = cache.get<{ data: unknown[]; page: number; has_more: boolean }>(self.cacheKey)
          if (hit && Array.isArray(hit.data)) {
            store(hit.data, hit.page ?? 1, Boolean(hit.has_more))
            return
          }
        }
        self.status = 'loading'
        try {
          const data: unknown[] = yield fetcher()
          store(data, 1, false)
          if (self.cacheKey) cache.set(self.cacheKey, { data, page: 1, has_more: false }, self.minutes)
        } catch (e) {
          self.status = 'error'
          self.error = e instanceof Error ? e.message : String(e)
        }
      }),
      /** Appends the next page (offers and coupons page through the API). */
      loadMore: flow(function* loadMore(
        fetcher: (page: number) => Promise<{ data: unknown[]; has_more: boolean }>,
      ) {
        self.status = 'loading'
        try {
          const next = self.page + (self.data.length ? 1 : 0)
          const r: { data: unknown[]; has_more: boolean } = yield fetcher(next)
          store([...self.data, ...r.data], next, r.has_more)
        } catch (e) {
          self.status = 'error'
          self.error = e instanceof Error ? e.message : String(e)
        }
      }),
      clear() {
        self.data = []
        self.expire = 0
        self.status = 'empty'
        if (self.cacheKey) getEnv<Services>(self).cache.remove(self.cacheKey)
      },
    }
  })
