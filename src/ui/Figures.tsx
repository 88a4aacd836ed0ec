import type { ReactNode } from 'react'
import s from './figures.module.css'

/** One figure of a summary: its label and its value (an amount, a count), with an optional test id. */
export interface Figure {
  label: ReactNode
  value: ReactNode
  testId?: string
}

/**
 * A row of summary figures (balances, totals) as a description list, each figure on its own card,
 * as many per row as fit.
 *
 * @example <Figures items={[{ label: t('payable'), value: <Money cents={c} />, testId: 'payable' }]} />
 */
export function Figures({ items, testId }: { items: readonly Figure[]; testId?: string }) {
  return (
    <dl className={s.figures} data-testid={testId}>
      {items.map((f, i) => (
        // the figures of a summary are fixed in number and order
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className={s.figure}>
          <dt>{f.label}</dt>
          <dd data-testid={f.testId}>{f.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The muted paragraph under a screen's h1 that says what the screen is for. */
export function Lead({ children }: { children: ReactNode }) {
  return <p className={s.lead}>{children}</p>
}
