import { Page } from '@core'
import type { ReactNode } from 'react'
import { FallingCoins } from './FallingCoins'
import s from './upsell.module.css'

/** The frame of the pages a lander ends on: optional coins, a title, the rest. */
export function EndPage({
  title,
  coins,
  children,
  testId,
}: {
  title: string
  coins?: boolean
  children: ReactNode
  testId: string
}) {
  return (
    <>
      {coins ? <FallingCoins /> : null}
      <Page title={title} className={s.center} testId={testId} headingId="end-title">
        {children}
      </Page>
    </>
  )
}
