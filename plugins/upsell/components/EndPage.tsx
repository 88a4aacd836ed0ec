import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../../src/index'
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
  useDocumentTitle(title)
  return (
    <>
      {coins ? <FallingCoins /> : null}
      <section className={s.center} aria-labelledby="end-title" data-testid={testId}>
        <h1 id="end-title">{title}</h1>
        {children}
      </section>
    </>
  )
}
