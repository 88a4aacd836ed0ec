import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react'
import s from './dialog.module.css'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

type DataAttributes = { [key: `data-${string}`]: string | undefined }

/**
 * A modal dialog on the native <dialog> element: showModal() puts it on top of everything (another
 * dialog included) and makes the page behind inert, Escape or the close button or a click on the
 * backdrop closes it, and focus goes back to what was focused before. When it opens, focus moves to
 * its first field, or else where the browser puts it; Tab and Shift+Tab cycle inside it. The page
 * behind does not scroll while it is open. Texts (title, close button's name) come in translated.
 */
export function Dialog({
  title,
  onClose,
  children,
  closeLabel,
  size,
  testId,
  ...data
}: {
  title: ReactNode
  onClose: () => void
  children: ReactNode
  /** The accessible name of the close button. */
  closeLabel: string
  size?: 'small' | 'wide'
  testId?: string
} & DataAttributes) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const closeRef = useRef(onClose)
  closeRef.current = onClose

  // a layout effect: the dialog is open (and its contents visible to assistive technology) in the
  // same commit that adds it, never painted or observed closed for a moment in between
  useLayoutEffect(() => {
    const d = ref.current
    if (!d) return
    const before = document.activeElement as HTMLElement | null
    if (!d.open) {
      // an engine without showModal (old browsers, jsdom) still shows it, without the inert page
      if (typeof d.showModal === 'function') d.showModal()
      else d.setAttribute('open', '')
    }
    d.querySelector<HTMLElement>(
      'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
    )?.focus()
    const onCancel = (e: Event) => {
      e.preventDefault()
      closeRef.current()
    }
    d.addEventListener('cancel', onCancel)
    return () => {
      d.removeEventListener('cancel', onCancel)
      if (d.open) d.close?.() // absent with showModal in old engines
      if (before?.isConnected) before.focus()
    }
  }, [])

  function onKeyDown(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key !== 'Tab' || !ref.current) return
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.getClientRects().length > 0,
    )
    if (!items.length) return
    const first = items[0]!
    const last = items[items.length - 1]!
    const at = document.activeElement
    if (e.shiftKey && (at === first || at === ref.current)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && at === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className={`${s.dialog} ${size ? s[size] : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      {...data}
      onKeyDown={onKeyDown}
      onMouseDown={(e) => {
        // the ::backdrop belongs to the <dialog> itself; its content is all inside .body
        if (e.target === e.currentTarget) closeRef.current()
      }}
    >
      <div className={s.body}>
        <div className={s.head}>
          <h2 id={titleId} className={s.title}>
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
    </dialog>
  )
}
