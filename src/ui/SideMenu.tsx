import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import type { MenuEntry } from '../plugin/types'
import { useApp } from '../state/context'
import s from './side-menu.module.css'

/** The entry a path belongs to: the exact one, else the longest one whose path is a prefix of it. */
export function currentEntry(entries: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/'
  const exact = entries.find((e) => e.path.toLowerCase() === path)
  if (exact) return exact
  return entries
    .filter((e) => path.startsWith(`${e.path.toLowerCase()}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]
}

/**
 * A side menu a route names in routes.json (`"menu": "account"`): the links the enabled plugins
 * register under that name (PluginDefinition.menus), in their order, the current page marked
 * aria-current. On a narrow screen it folds into a disclosure button that names the current page.
 */
export function SideMenu({ name }: { name: string }) {
  const { registry } = useApp()
  const entries = registry.menus.get(name) ?? []
  // the labels' namespaces: the menu draws once their texts are in (the screen's loader fetches them
  // too), and re-renders if a language arrives later
  const namespaces = [...new Set(entries.map((e) => e.label.split(':')[0]!))]
  const { t } = useTranslation(['core', ...namespaces])
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const current = currentEntry(entries, pathname)
  // a link followed closes the folded menu
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new path
  useEffect(() => setOpen(false), [pathname])
  if (entries.length === 0) return null
  return (
    <nav className={s.menu} aria-label={t('core:sideMenu.label')} data-testid={`menu-${name}`}>
      <button
        type="button"
        className={s.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        <span>{current ? t(current.label) : t('core:sideMenu.open')}</span>
        <span aria-hidden="true" className={s.chevron}>
          {open ? '▲' : '▼'}
        </span>
      </button>
      <ul id={listId} className={open ? `${s.list} ${s.open}` : s.list}>
        {entries.map((e) => (
          <li key={e.path}>
            <Link to={e.path} aria-current={e === current ? 'page' : undefined}>
              {t(e.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
