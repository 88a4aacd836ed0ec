import { Page as CorePage } from '@core'
import type { ReactNode } from 'react'
import s from './auth.module.css'

/** A small centred card page with its h1 and the tab title (the core's Page in the auth card look). */
export function Page({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <CorePage title={title} className={s.page} testId={testId} headingId="auth-page-title">
      {children}
    </CorePage>
  )
}
