import { types } from 'mobx-state-tree'
import { describe, expect, it, vi } from 'vitest'
import { createLocalCache } from '../platform/cache'
import type { Services } from '../plugin/types'
import { CachedList } from './cached-list'

const Model = types.model({ list: types.optional(CachedList, { cacheKey: 'categories', minutes: 24 * 60 }) })
const services = () => ({ cache: createLocalCache() }) as unknown as Services

describe('cached list (SPEC 3 store state: data and expire)', () => {
  it('loads once, then serves from memory until it expires', async () => {
    const m = Model.create({}, services())
    const fetcher = vi.fn(async () => [1, 2])
    await m.list.load(fetcher)
    await m.list.load(fetcher)
    expect(fetcher).toHaveBeenCalledTimes(1)
    expect(m.list.data).toEqual([1, 2])
    expect(m.list.status).toBe('success')
    expect(m.list.expire).toBeGreaterThan(Date.now() + 23 * 3600_000)
  })
  it('serves a fresh copy from local storage after a reload (categories cached 24 hours)', async () => {
    await Model.create({}, services()).list.load(async () => ['a'])
    const again = Model.create({}, services())
    const fetcher = vi.fn(async () => ['b'])
    await again.list.load(fetcher)
    expect(fetcher).not.toHaveBeenCalled()
    expect(again.list.data).toEqual(['a'])
  })
  it('reports an error and keeps nothing', async () => {
    const m = Model.create({}, services())
    await m.list.load(async () => {
      throw new Error('Network Error')
    })
    expect(m.list.status).toBe('error')
    expect(m.list.error).toBe('Network Error')
    expect(localStorage.getItem('categories')).toBeNull()
  })
  it('appends pages with has_more', async () => {
    const m = Model.create({}, services())
    await m.list.loadMore(async (page) => ({ data: [page], has_more: true }))
    await m.list.loadMore(async (page) => ({ data: [page], has_more: false }))
    expect(m.list.data).toEqual([1, 2])
    expect(m.list.has_more).toBe(false)
  })
})
