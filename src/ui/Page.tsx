import type { ReactNode } from 'react'
import type { Services } from '../plugin/types'
import { useServices } from '../state/context'
import { Lead } from './Figures'
import { useDocumentTitle } from './useDocumentTitle'
import { LoadView, useLoad } from './useLoad'

/**
 * A screen's frame: a section named by its h1, whose text is also the tab title. Plugins give their
 * own look with `className` (e.g. a centred card).
 *
 * @example <Page title={t('reset.title')} className={s.page} testId="password-reset">…</Page>
 */
export function Page({
  title,
  children,
  className,
  testId,
  headingId = 'page-title',
}: {
  title: string
  children?: ReactNode
  className?: string
  testId?: string
  /** The h1's id, which names the section (unique on the page). */
  headingId?: string
}) {
  useDocumentTitle(title)
  return (
    <section className={className} aria-labelledby={headingId} data-testid={testId}>
      <h1 id={headingId}>{title}</h1>
      {children}
    </section>
  )
}

/**
 * A screen that shows what one request loads: the Page with its h1, the lead line under it, then the
 * load's failure with a retry, grey rows, or `children(data, set)` (`set` replaces the data after an
 * action). `loadKey` names the request: a new key loads again.
 *
 * @example <LoadedPage title={t('gift.title')} lead={t('gift.lead')} loadKey="gift-cards"
 *   load={({ http }) => api(http).giftCards()} what={t('gift.failed')}>{(r) => <List rows={r.data} />}</LoadedPage>
 */
export function LoadedPage<T>({
  title,
  lead,
  className,
  testId,
  loadKey,
  load,
  what,
  rows,
  children,
}: {
  title: string
  lead?: ReactNode
  className?: string
  testId?: string
  loadKey: string
  load: (services: Services) => Promise<T>
  what?: ReactNode
  rows?: number
  children: (data: T, set: (data: T) => void) => ReactNode
}) {
  const services = useServices()
  const loaded = useLoad(loadKey, () => load(services))
  return (
    <Page title={title} className={className} testId={testId}>
      {lead ? <Lead>{lead}</Lead> : null}
      <LoadView load={loaded} what={what} rows={rows}>
        {(data) => children(data, loaded.set)}
      </LoadView>
    </Page>
  )
}
