import { type ReactNode, useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import s from './auth.module.css'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A real modal dialog: rendered over the page with the rest of the app inert, focus moves in (to
 * the first field) and is kept inside, Escape or the close button closes it, and focus returns to
 * what was focused before.
 */
export function Dialog({
  title,
  onClose,
  children,
  closeLabel,
  wide,
  testId,
  dataAttrs,
}: {
  title: ReactNode
  onClose: () => void
  children: ReactNode
  closeLabel: string
  wide?: boolean
  testId?: string
  dataAttrs?: Record<string, string>
}) {
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const closeRef = useRef(onClose)
  closeRef.current = onClose

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null
    const root = document.getElementById('root')
    root?.setAttribute('inert', '')
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const first = ref.current?.querySelector<HTMLElement>('input, select, textarea')
    ;(first ?? ref.current)?.focus()
    return () => {
      root?.removeAttribute('inert')
      document.body.style.overflow = overflow
      if (before?.isConnected) before.focus()
    }
  }, [])

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation()
      closeRef.current()
      return
    }
    if (e.key !== 'Tab' || !ref.current) return
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null,
    )
    if (!items.length) return
    const first = items[0]!
    const last = items[items.length - 1]!
    if (e.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop only closes on a pointer click; Escape is handled by the dialog
    <div
      className={s.backdrop}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) closeRef.current()
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${s.dialog} ${wide ? s.wide : ''}`}
        onKeyDown={onKeyDown}
        data-testid={testId}
        {...Object.fromEntries(Object.entries(dataAttrs ?? {}).map(([k, v]) => [`data-${k}`, v]))}
      >
        <div className={s.dialogHead}>
          <h2 id={titleId} className={s.dialogTitle}>
            {title}
          </h2>
          <button
            type="button"
            className={s.close}
            onClick={() => closeRef.current()}
            aria-label={closeLabel}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  )
}
