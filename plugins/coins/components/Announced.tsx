import { type ReactNode, useEffect, useRef } from 'react'

/**
 * A titled box that takes the focus when it appears, and again when `focus` changes (a result, a
 * payout done, a number verified), so that a screen reader reads it out. `focus` false or null: not
 * (yet) focused. Its heading's id is `<testId>-title`.
 */
export function Announced({
  className,
  title,
  testId,
  focus = true,
  children,
}: {
  className: string | undefined
  title: ReactNode
  testId: string
  focus?: unknown
  children: ReactNode
}) {
  const ref = useRef<HTMLHeadingElement>(null)
  const titleId = `${testId}-title`
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  return (
    <section className={className} aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} ref={ref} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  )
}
