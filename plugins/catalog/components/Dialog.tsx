import { type ReactNode, useEffect, useId, useRef } from 'react'
import s from './catalog.module.css'

/**
 * A real modal dialog on the native <dialog> element: showModal() moves focus in and makes the page
 * behind inert, Escape closes it, and focus goes back to what opened it.
 */
export function Dialog({
  title,
  onClose,
  children,
  closeLabel,
  small,
  testId,
}: {
  title: ReactNode
  onClose: () => void
  children: ReactNode
  closeLabel: string
  small?: boolean
  testId?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const closeRef = useRef(onClose)
  closeRef.current = onClose

  useEffect(() => {
    const d = ref.current
    if (!d) return
    const before = document.activeElement as HTMLElement | null
    if (!d.open) d.showModal()
    const onCancel = (e: Event) => {
      e.preventDefault()
      closeRef.current()
    }
    d.addEventListener('cancel', onCancel)
    return () => {
      d.removeEventListener('cancel', onCancel)
      if (d.open) d.close()
      if (before?.isConnected) before.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className={`${s.dialog} ${small ? s.dialogSmall : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) closeRef.current()
      }}
    >
      <div className={s.dialogBody}>
        <div className={s.dialogHead}>
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className={s.close}
            onClick={() => closeRef.current()}
            aria-label={closeLabel}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  )
}
