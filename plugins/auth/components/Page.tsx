import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../../src/index'
import s from './auth.module.css'

/** A small centred card page with its h1 and the tab title. */
export function Page({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  useDocumentTitle(title)
  return (
    <section className={s.page} aria-labelledby="auth-page-title" data-testid={testId}>
      <h1 id="auth-page-title">{title}</h1>
      {children}
    </section>
  )
}
