import { Button, HttpError, RouteLink, type ScreenProps, useServices, useTranslation } from '@core'
import { useCallback, useEffect, useState } from 'react'
import { fetchNewsPost } from '../api'
import { useDocumentTitle } from '../components/LegalDocument'
import s from '../components/legal.module.css'
import { NewsSkeleton } from '../components/NewsSkeleton'
import n from '../components/news.module.css'
import { formatDate } from '../components/useLegalDoc'
import type { NewsPost } from '../contract'

type State =
  | { status: 'loading' }
  | { status: 'done'; post: NewsPost }
  | { status: 'not-found' }
  | { status: 'error' }

/** /news/:slug: one news post; a clear not-found page for an unknown slug. */
export default function NewsPostPage({ params }: ScreenProps) {
  const { t, i18n } = useTranslation('legal')
  const { http } = useServices()
  const lang = i18n.language
  const slug = params.slug ?? ''
  const [state, setState] = useState<State>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const retry = useCallback(() => setAttempt((a) => a + 1), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the request on Retry
  useEffect(() => {
    const c = new AbortController()
    setState({ status: 'loading' })
    fetchNewsPost(http, slug, lang, c.signal).then(
      (post) => {
        if (!c.signal.aborted) setState({ status: 'done', post })
      },
      (e: unknown) => {
        if (c.signal.aborted) return
        const missing = e instanceof HttpError && (e.status === 404 || e.status === 422)
        setState({ status: missing ? 'not-found' : 'error' })
      },
    )
    return () => c.abort()
  }, [http, slug, lang, attempt])

  const title =
    state.status === 'done'
      ? state.post.title
      : state.status === 'not-found'
        ? t('news.notFoundTitle')
        : t('news.title')
  useDocumentTitle(title)

  const back = (
    <RouteLink route="news" className={n.back}>
      <span aria-hidden="true">←&nbsp;</span>
      {t('news.back')}
    </RouteLink>
  )

  return (
    <div className={n.page}>
      {back}
      {state.status === 'loading' ? <NewsSkeleton rows={1} /> : null}
      {state.status === 'error' ? (
        <div role="alert" className={s.alert}>
          <p>{t('news.errorPost')}</p>
          <Button onClick={retry}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {state.status === 'not-found' ? (
        <section aria-labelledby="news-nf" data-testid="news-not-found">
          <h1 id="news-nf">{t('news.notFoundTitle')}</h1>
          <p>{t('news.notFoundBody')}</p>
          <p>
            <RouteLink route="news">{t('news.back')}</RouteLink>
          </p>
        </section>
      ) : null}
      {state.status === 'done' ? (
        <article className={n.post} aria-labelledby="news-title">
          <h1 id="news-title">{state.post.title}</h1>
          <p className={n.date}>
            <time dateTime={state.post.published_at}>{formatDate(state.post.published_at, lang)}</time>
          </p>
          <p className={n.lede}>{state.post.summary}</p>
          {state.post.body.map((para, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one post never reorder
            <p key={i}>{para}</p>
          ))}
        </article>
      ) : null}
    </div>
  )
}
