import {
  type Dispatch,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  type SetStateAction,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useLocation } from 'react-router-dom'

/** What `useDisclosure` gives: the state, and the props of its button and of the box around both. */
export interface Disclosure {
  open: boolean
  setOpen: Dispatch<SetStateAction<boolean>>
  /**
   * Closes it. Focus that was inside the box goes back to the button, so it is never left on something
   * hidden; `{ focus: true }` puts it on the button in any case (before a dialog opens, which gives
   * focus back to what had it).
   */
  close(options?: { focus?: boolean }): void
  /** The id the panel must carry (the button's aria-controls). */
  panelId: string
  /** Spread on the button: its ref, aria-expanded, aria-controls and a click that toggles. */
  button: {
    ref: RefObject<HTMLButtonElement | null>
    'aria-expanded': boolean
    'aria-controls': string
    onClick(): void
  }
  /** Spread on the element around the button and the panel: Escape and focus leaving close it. */
  box: {
    ref: RefObject<HTMLDivElement | null>
    onKeyDown(e: KeyboardEvent): void
    onBlur(e: FocusEvent): void
  }
}

/**
 * A disclosure: a button with aria-expanded and aria-controls, and the panel it shows (a header's
 * menu on a phone, an account panel). Escape closes it and puts focus back on the button; so does a
 * navigation, a press outside the box, or focus leaving the box. Needs a router (a new location closes
 * it). Where CSS always shows the panel (a wide screen), the state changes nothing.
 *
 * @example
 * const menu = useDisclosure()
 * <div {...menu.box}>
 *   <button type="button" {...menu.button}>Menu</button>
 *   <ul id={menu.panelId} data-open={menu.open || undefined}>…</ul>
 * </div>
 */
export function useDisclosure(): Disclosure {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const { key } = useLocation()
  const shown = useRef(open)
  shown.current = open

  function close(options?: { focus?: boolean }) {
    if (!shown.current) return
    const at = document.activeElement
    setOpen(false)
    if (options?.focus || (at !== button.current && box.current?.contains(at))) button.current?.focus()
  }
  // a navigation (a link in the panel, a search) closes it
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new location
  useEffect(() => close(), [key])
  useEffect(() => {
    if (!open) return
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  return {
    open,
    setOpen,
    close,
    panelId,
    button: {
      ref: button,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((v) => !v),
    },
    box: {
      ref: box,
      onKeyDown(e: KeyboardEvent) {
        if (e.key !== 'Escape' || !open) return
        e.preventDefault()
        setOpen(false)
        button.current?.focus()
      },
      onBlur(e: FocusEvent) {
        const to = e.relatedTarget as Node | null
        if (open && to && !box.current?.contains(to)) setOpen(false)
      },
    },
  }
}
