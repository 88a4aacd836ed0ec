import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { NavLink, useLocation, useNavigate } from 'react-router-dom'
import { useTranslation } from '../../../src/index'
import s from './header.module.css'

const LINKS = [
  ['stores', '/stores'],
  ['coupons', '/coupons'],
  ['products', '/products'],
  ['offers', '/offers'],
] as const

/**
 * A disclosure of the compact (phone) header: a button with aria-expanded and aria-controls, and the
 * panel it shows. Escape closes it and puts focus back on the button; so does a navigation, a press
 * outside it, or focus leaving it. Focus that was inside the panel when it closes goes back to the
 * button, so it is never left on something hidden. On a wide screen the button is hidden by CSS and
 * the panel always shown: the state then changes nothing.
 */
function useDisclosure() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const { key } = useLocation()
  const shown = useRef(open)
  shown.current = open

  function close() {
    if (!shown.current) return
    const at = document.activeElement
    setOpen(false)
    if (at !== button.current && box.current?.contains(at)) button.current?.focus()
  }
  // a navigation (a link in the panel, a search) closes it
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new location
  useEffect(close, [key])
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
    button,
    panelId,
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

const MenuIcon = ({ open }: { open: boolean }) => (
  <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
    {open ? (
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    ) : (
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    )}
  </svg>
)
const SearchIcon = () => (
  <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none">
    <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2.2" />
    <path d="M15.5 15.5L20 20" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
)

/**
 * The header's catalog links and store search (slot 'header.nav'). On a wide screen both are in the
 * header's row; on a narrow one (header.module.css) the links fold behind a menu button and the search
 * behind an icon button that opens one slim field, focused. The markup is the same at every width (the
 * header is rendered to HTML on the server): only CSS decides which look shows.
 */
export default function HeaderNav() {
  const { t } = useTranslation('catalog')
  const navigate = useNavigate()
  const [q, setQ] = useState('')
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const menu = useDisclosure()
  const find = useDisclosure()
  return (
    <div className={s.wrap}>
      <div className={s.part} {...menu.box}>
        <button
          ref={menu.button}
          type="button"
          className={s.toggle}
          aria-expanded={menu.open}
          aria-controls={menu.panelId}
          onClick={() => menu.setOpen((v) => !v)}
        >
          <MenuIcon open={menu.open} />
          <span className="visually-hidden">{t('nav.menu')}</span>
        </button>
        {/* a link followed closes the menu, even one to the page already shown */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside take the keys; this only sees their clicks */}
        <ul
          id={menu.panelId}
          className={s.links}
          data-open={menu.open || undefined}
          onClick={(e) => {
            if ((e.target as Element).closest('a')) menu.close()
          }}
        >
          {LINKS.map(([key, to]) => (
            <li key={key}>
              <NavLink to={to} className={s.link}>
                {t(`nav.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
      <div className={s.part} {...find.box}>
        <button
          ref={find.button}
          type="button"
          className={s.toggle}
          aria-expanded={find.open}
          aria-controls={find.panelId}
          onClick={() => {
            if (find.open) return find.setOpen(false)
            // shown and focused in the same press: a phone opens its keyboard only then
            flushSync(() => find.setOpen(true))
            input.current?.focus()
          }}
        >
          <SearchIcon />
          <span className="visually-hidden">{t('nav.searchToggle')}</span>
        </button>
        <search id={find.panelId} className={s.search} data-open={find.open || undefined}>
          <form
            className={s.searchForm}
            onSubmit={(e) => {
              e.preventDefault()
              find.close()
              navigate(q.trim() ? `/stores?q=${encodeURIComponent(q.trim())}` : '/stores')
            }}
          >
            <label htmlFor={id} className="visually-hidden">
              {t('nav.searchLabel')}
            </label>
            <input
              ref={input}
              id={id}
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder={t('nav.searchPlaceholder')}
              autoComplete="off"
              enterKeyHint="search"
              data-testid="header-search"
            />
            <button type="submit">{t('nav.search')}</button>
          </form>
        </search>
      </div>
    </div>
  )
}
