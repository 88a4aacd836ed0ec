import {
  Button,
  buttonClass,
  ChipNav,
  pathTo,
  RouteLink,
  useDocumentTitle,
  useFirstData,
  useServices,
  useStore,
} from '@core'
import { observer } from 'mobx-react-lite'
import { useEffect, useId, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { catalogApi } from '../api'
import type { Store, StoresReply } from '../contract'
import {
  categoriesRequest,
  pageLanguage,
  SEARCH_MAX,
  type Sort,
  STORE_SORTS,
  storeSearch,
  storeSort,
  storesRequest,
} from '../first-data'
import { useCatalogPages } from '../texts'
import s from './catalog.module.css'
import { EmptyState, ErrorState, More, Skeleton } from './ListState'
import { NotFoundState } from './NotFoundState'
import { StoreGrid } from './StoreTile'

export type { Sort }

/** Typing waits this long before asking the server (results still feel instant). */
const SEARCH_DEBOUNCE_MS = 150

interface CategoryItem {
  slug: string
  names: { en: string; es: string }
  store_count: number
}

/**
 * Stores by category (and the plus tier's), with search by name as you type and sorting by cash-back
 * rate. The query lives in the address (?q=, ?sort=) so a result can be shared and Back works.
 */
export const StoreBrowser = observer(function StoreBrowser({
  category,
  plus,
  defaultSort = 'popular',
  titleKey,
}: {
  titleKey?: string
  category?: string
  plus?: boolean
  defaultSort?: Sort
}) {
  const { t, i18n } = useCatalogPages()
  const catalog = useStore('catalog')
  const { http, config } = useServices()
  const [search, setSearch] = useSearchParams()
  const q = search.get('q') ?? ''
  const sort = storeSort(search.get('sort'), defaultSort)
  const [typed, setTyped] = useState(q)
  const lang = pageLanguage(i18n.language)
  const asked = storeSearch(q)
  const firstAsk = storesRequest({ category, q: asked, sort, plus: Boolean(plus), lang, page: 1 })
  const firstStores = useFirstData<StoresReply>(firstAsk.path, firstAsk.params)
  const firstCategories = useFirstData<{ data: CategoryItem[] }>(categoriesRequest.path)
  const allPath = (plus ? pathTo(config, 'plus-stores') : pathTo(config, 'stores')) ?? '/'
  const categoryPath = (category: string) =>
    (plus
      ? pathTo(config, 'plus-stores-category', { category })
      : pathTo(config, 'stores-category', { category })) ?? '/'
  const searchId = useId()

  useEffect(() => {
    void catalog.loadCategories()
  }, [catalog])
  useEffect(() => setTyped(q), [q])

  // Instant search: the address follows the box after a short pause.
  useEffect(() => {
    if (typed === q) return
    const id = window.setTimeout(() => {
      const next = new URLSearchParams(search)
      if (typed.trim()) next.set('q', typed.trim())
      else next.delete('q')
      setSearch(next, { replace: true })
    }, SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(id)
  }, [typed, q, search, setSearch])

  // Until the store's lists have their data, the replies the page was drawn from (src/first-paint)
  const ownCategories = catalog.categories.status === 'success' || catalog.categories.data.length > 0
  const seededCategories = !ownCategories && firstCategories?.status === 200
  const categories = (
    seededCategories ? firstCategories.body.data : catalog.categories.data
  ) as CategoryItem[]
  const categoriesKnown = seededCategories || catalog.categories.status === 'success'
  const current = categories.find((c) => c.slug === category)
  const unknownCategory = Boolean(category) && categoriesKnown && !current
  const title = current ? current.names[lang] : t(titleKey ?? (plus ? 'stores.plusTitle' : 'stores.title'))
  useDocumentTitle(title)

  const query = JSON.stringify({ category, q: asked, sort, plus: plus ? '1' : undefined, lang })
  const loadPage = () => {
    const mine = query
    return catalog.stores.loadMore((page) =>
      catalogApi(http)
        .storesPage({ category, q: asked, sort, plus: Boolean(plus), lang, page })
        .then((reply) => (catalog.storesQuery === mine ? reply : new Promise<never>(() => {}))),
    )
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string says it all
  useEffect(() => {
    if (unknownCategory) return
    // on the page drawn with this query's first page, the list takes it: one change, no call (through
    // loadPage the list changed three times, each a synchronous render of the whole list)
    catalog.selectStores(query, firstStores?.status === 200 ? firstStores.body : undefined)
    if (!catalog.stores.data.length) void loadPage()
  }, [query, unknownCategory])

  if (unknownCategory) return <NotFoundState what="category" />

  const own = catalog.stores
  const seeded =
    !own.data.length && own.status !== 'success' && own.status !== 'error' && firstStores?.status === 200
  const list = seeded
    ? {
        status: 'success',
        error: undefined,
        has_more: firstStores.body.has_more,
        data: firstStores.body.data,
      }
    : own
  const stores = list.data as Store[]
  const total = list.status === 'success' || stores.length ? stores.length : null

  return (
    <div data-testid="stores-page">
      <h1>{title}</h1>
      <ChipNav
        label={t('stores.categories')}
        chips={[
          { to: allPath, label: t('stores.all'), current: !category },
          ...categories.map((c) => ({
            to: categoryPath(c.slug),
            label: c.names[lang],
            current: c.slug === category,
          })),
        ]}
      />
      <search className={s.toolbar}>
        <label className={s.field} htmlFor={searchId}>
          {t('stores.search')}
          <input
            id={searchId}
            type="search"
            value={typed}
            placeholder={t('stores.searchPlaceholder')}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={SEARCH_MAX}
            autoComplete="off"
            data-testid="store-search"
          />
        </label>
        <label className={`${s.field} ${s.sortField}`}>
          {t('stores.sort')}
          <select
            value={sort}
            data-testid="store-sort"
            onChange={(e) => {
              const next = new URLSearchParams(search)
              next.set('sort', e.target.value)
              setSearch(next, { replace: true })
            }}
          >
            {STORE_SORTS.map((x) => (
              <option key={x} value={x}>
                {t(`stores.sortBy.${x}`)}
              </option>
            ))}
          </select>
        </label>
      </search>
      <p className="visually-hidden" aria-live="polite" data-testid="stores-count">
        {total === null
          ? ''
          : q
            ? t('stores.resultsFor', { count: total, q: asked })
            : t('stores.results', { count: total })}
      </p>
      {stores.length ? (
        <>
          <StoreGrid stores={stores} />
          <More list={list} onMore={() => void loadPage()} label={t('stores.more')} />
        </>
      ) : list.status === 'error' ? (
        <ErrorState error={list.error} onRetry={() => void loadPage()} />
      ) : list.status === 'success' ? (
        <EmptyState
          action={
            q ? (
              <Button variant="secondary" onClick={() => setTyped('')}>
                {t('stores.clearSearch')}
              </Button>
            ) : (
              <RouteLink route="stores" className={buttonClass({ variant: 'secondary' })}>
                {t('stores.all')}
              </RouteLink>
            )
          }
        >
          {q ? t('stores.noMatch', { q: asked }) : t('stores.empty')}
        </EmptyState>
      ) : (
        <Skeleton />
      )}
    </div>
  )
})
