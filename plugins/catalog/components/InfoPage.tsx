import { useDocumentTitle, useServices } from '@core'
import type { ReactNode } from 'react'
import { useCatalogPages } from '../texts'
import s from './catalog.module.css'

/** The app and extension pages: a title, a lead, a few points and the actions. */
export function InfoPage({ k, children, testId }: { k: string; children?: ReactNode; testId: string }) {
  const { t } = useCatalogPages()
  const { config } = useServices()
  const brand = config.brand.name
  const points = t(`${k}.points`, { returnObjects: true, brand, defaultValue: [] }) as unknown
  useDocumentTitle(t(`${k}.title`, { brand }))
  return (
    <article className={`${s.hero} ${s.infoPage}`} data-testid={testId}>
      <h1>{t(`${k}.title`, { brand })}</h1>
      <p className={s.lead}>{t(`${k}.lead`, { brand })}</p>
      {Array.isArray(points) && points.length ? (
        <ul>
          {points.map((p) => (
            <li key={String(p)}>{String(p)}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </article>
  )
}
