import { Button, RouteLink, surface, useServices, useTranslation } from '@core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchNews } from '../api'
import { useDocumentTitle } from '../components/LegalDocument'
import s from '../components/legal.module.css'
import { NewsSkeleton } from '../components/NewsSkeleton'
import n from '../components/news.module.css'
import { formatDate } from '../components/useLegalDoc'
import type { NewsItem } from '../contract'

interface State {
  items: NewsItem[]
  page: number
  hasMore: boolean
  /** 'loading' is the first page; 'more' a further one. */
  status: 'loading' | 'more' | 'idle' | 'error' | 'error-more'
}

const START: State = { items: [], page: 0, hasMore: false, status: 'loading' }

/** /news (and /media-coverage): company news, newest first, with "Load more" while there is more. */
export default function NewsPage() {
  const { t, i18n } = useTranslation('legal')
  const { http } = useServices()
  const lang = i18n.language
  const [state, setState] = useState<State>(START)
  const ctrl = useRef<AbortController | null>(null)
  useDocumentTitle(t('news.title'))

  const load = useCallback(
    (page: number) => {
      ctrl.current?.abort()
      const c = new AbortController()
      ctrl.current = c
      setState((st) => ({ ...(page === 1 ? START : st), status: page === 1 ? 'loading' : 'more' }))
      fetchNews(http, page, lang, c.signal).then(
        (r) => {
          if (c.signal.aborted) return
          setState((st) => ({
            items: page === 1 ? r.data : [...st.items, ...r.data],
            page: r.page,
            hasMore: r.has_more,
            status: 'idle',
          }))
        },
        () => {
          if (c.signal.aborted) return
          setState((st) => ({ ...st, status: page === 1 ? 'error' : 'error-more' }))
        },
      )
    },
    [http, lang],
  )

  // The first page, again whenever the language changes.
  useEffect(() => {
    load(1)
    return () => ctrl.current?.abort()
  }, [load])

  return (
    <div className={n.page}>
      <h1>{t('news.title')}</h1>
      <p className={n.intro}>{t('news.intro')}</p>
      {state.status === 'loading' ? <NewsSkeleton /> : null}
      {state.status === 'error' ? (
        <div role="alert" className={s.alert}>
          <p>{t('news.error')}</p>
          <Button onClick={() => load(1)}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {state.status !== 'loading' && state.status !== 'error' && state.items.length === 0 ? (
        <div className={n.empty}>
          <p>{t('news.empty')}</p>
          <RouteLink route="home">{t('news.emptyAction')}</RouteLink>
        </div>
      ) : null}
      {state.items.length > 0 ? (
        <ul className={n.list} data-testid="news-list">
          {state.items.map((item) => (
            <li key={item.slug} className={`${surface.tile} ${n.card}`}>
              <h2>
                <RouteLink route="news-slug" params={{ slug: item.slug }}>
                  {item.title}
                </RouteLink>
              </h2>
              <p className={n.date}>
                <time dateTime={item.published_at}>{formatDate(item.published_at, lang)}</time>
              </p>
              <p className={n.summary}>{item.summary}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {state.status === 'error-more' ? (
        <div role="alert" className={s.alert}>
          <p>{t('news.errorMore')}</p>
          <Button onClick={() => load(state.page + 1)}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {state.hasMore && state.status !== 'error-more' ? (
        <div className={n.more}>
          <Button
            variant="secondary"
            disabled={state.status === 'more'}
            aria-busy={state.status === 'more'}
            onClick={() => load(state.page + 1)}
          >
            {state.status === 'more' ? t('news.loadingMore') : t('news.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
