import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { type ScreenProps, useTranslation } from '../../../src/index'
import { useDocumentTitle } from '../components/LegalDocument'
import s from '../components/legal.module.css'
import { listLabel } from '../unsub'

const MARK = '\u0000'

/**
 * /un and /unsub/<list>: confirms an unsubscription. The list name comes from the URL and is only
 * ever rendered as a text node, never as HTML.
 */
export default function UnsubscribePage({ params }: ScreenProps) {
  const { t } = useTranslation('legal')
  const known = t('unsub.lists', { returnObjects: true }) as unknown
  const list = listLabel(
    params['*'],
    typeof known === 'object' && known ? (known as Record<string, string>) : {},
  )
  useDocumentTitle(t('unsub.title'))
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
      <h1 id="unsub-title">{t('unsub.title')}</h1>
      <p className={s.intro}>{sentence}</p>
      <p>{t('unsub.delay')}</p>
      <p>{t('unsub.mistake')}</p>
      <ul className={s.links}>
        <li>
          <Link to="/account/notifications">{t('unsub.manage')}</Link>
        </li>
        <li>
          <Link to="/">{t('unsub.home')}</Link>
        </li>
        <li>
          <Link to="/contact">{t('unsub.contact')}</Link>
        </li>
      </ul>
    </article>
  )
}
