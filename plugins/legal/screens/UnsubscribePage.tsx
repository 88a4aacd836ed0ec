import { RouteLink, type ScreenProps, useServices, useTranslation } from '@core'
import { type ReactNode, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { unsubscribe } from '../api'
import { useDocumentTitle } from '../components/LegalDocument'
import s from '../components/legal.module.css'
import type { UnsubscribeReply } from '../contract'
import { listLabel } from '../unsub'

const MARK = '\u0000'

type Posting = 'none' | 'busy' | 'done' | 'failed'

/**
 * /un and /unsub/<list>: confirms an unsubscription. The list name comes from the URL and is only
 * ever rendered as a text node, never as HTML. A mail's link carries `?token=` (issues 26, 27: cash back,
 * offers, all): the page posts it to /api/unsubscribe, which turns that list off, then drops it from the
 * address; it says so only once the server did, naming the list the server turned off. The settings
 * page then shows the switch off with when and how.
 */
export default function UnsubscribePage({ params }: ScreenProps) {
  const { t } = useTranslation('legal')
  const { http } = useServices()
  const [search, setSearch] = useSearchParams()
  const token = search.get('token')
  const [posting, setPosting] = useState<Posting>(token ? 'busy' : 'none')
  const [left, setLeft] = useState<UnsubscribeReply['list'] | null>(null)
  useEffect(() => {
    if (!token) return
    let live = true
    unsubscribe(http, token).then(
      (reply) => {
        if (!live) return
        setLeft(reply.list)
        setPosting('done')
        setSearch({}, { replace: true })
      },
      () => live && setPosting('failed'),
    )
    return () => {
      live = false
    }
  }, [http, token, setSearch])
  const known = t('unsub.lists', { returnObjects: true }) as unknown
  const list = listLabel(
    left ?? params['*'],
    typeof known === 'object' && known ? (known as Record<string, string>) : {},
  )
  const title =
    posting === 'busy' ? t('unsub.working') : posting === 'failed' ? t('unsub.failedTitle') : t('unsub.title')
  useDocumentTitle(title)
  let sentence: ReactNode
  if (list) {
    const [before = '', after = ''] = t('unsub.fromList', { list: MARK }).split(MARK)
    sentence = (
      <>
        {before}
        <strong data-testid="unsub-list">{list}</strong>
        {after}
      </>
    )
  } else sentence = t('unsub.fromAll')
  return (
    <article className={s.doc} aria-labelledby="unsub-title">
      <h1 id="unsub-title">{title}</h1>
      {posting === 'busy' ? (
        <p className={s.intro} role="status">
          {t('unsub.working')}
        </p>
      ) : posting === 'failed' ? (
        <p className={s.intro} role="alert" data-testid="unsub-failed">
          {t('unsub.failed')}
        </p>
      ) : (
        <>
          <p className={s.intro}>{sentence}</p>
          <p>{t('unsub.delay')}</p>
          <p>{t('unsub.mistake')}</p>
        </>
      )}
      <ul className={s.links}>
        <li>
          <RouteLink route="account-settings">{t('unsub.manage')}</RouteLink>
        </li>
        <li>
          <RouteLink route="home">{t('unsub.home')}</RouteLink>
        </li>
        <li>
          <RouteLink route="contact">{t('unsub.contact')}</RouteLink>
        </li>
      </ul>
    </article>
  )
}
