import { pathTo, useDisclosure, useServices, useTranslation } from '@core'
import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { NavLink, useNavigate } from 'react-router-dom'
import s from './header.module.css'

const LINKS = [
  { key: 'stores', route: 'stores' },
  { key: 'coupons', route: 'coupons' },
  { key: 'products', route: 'products' },
  { key: 'offers', route: 'offers' },
] as const

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
 * behind an icon button that opens one slim field, focused (each a core disclosure: Escape, a press
 * outside or a navigation closes it). The markup is the same at every width (the
 * header is rendered to HTML on the server): only CSS decides which look shows.
 */
export default function HeaderNav() {
  const { t } = useTranslation('catalog')
  const navigate = useNavigate()
  const { config } = useServices()
  const stores = pathTo(config, 'stores') ?? '/'
  const [q, setQ] = useState('')
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const menu = useDisclosure()
  const find = useDisclosure()
  return (
    <div className={s.wrap}>
      <div className={s.part} {...menu.box}>
        <button type="button" className={s.toggle} {...menu.button}>
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
          {LINKS.map(({ key, route }) => {
            const to = pathTo(config, route)
            return to === null ? null : (
              <li key={key}>
                <NavLink to={to} className={s.link}>
                  {t(`nav.${key}`)}
                </NavLink>
              </li>
            )
          })}
        </ul>
      </div>
      <div className={s.part} {...find.box}>
        <button
          type="button"
          className={s.toggle}
          {...find.button}
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
              navigate(q.trim() ? `${stores}?q=${encodeURIComponent(q.trim())}` : stores)
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
