import type { ReactNode } from 'react'
import { useDocumentTitle } from './useDocumentTitle'

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
