import { useEffect, useId, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import type { RuntimeConfig } from '../config/runtime-types'
import { useTranslation } from '../i18n/use-translation'
import type { MenuEntry } from '../plugin/types'
import { pathTo, routeAt } from '../routing/names'
import { useApp } from '../state/context'
import s from './side-menu.module.css'

type MenuConfig = Pick<RuntimeConfig, 'routes' | 'redirects' | 'landers' | 'absent'>

/**
 * The entry a path belongs to, asked of the route resolver: the entry of the route the path is, else
 * of the route of the path one segment up, and so on ('/account/profile/verify' is under the profile).
 */
export function currentEntry(
  entries: readonly MenuEntry[],
  config: MenuConfig,
  pathname: string,
): MenuEntry | undefined {
  let path = pathname.replace(/\/+$/, '') || '/'
  for (;;) {
    const name = routeAt(config, path)?.name
    const entry = name === undefined ? undefined : entries.find((e) => e.route === name)
    if (entry || path === '/') return entry
    path = path.slice(0, path.lastIndexOf('/')) || '/'
  }
}

/**
 * A side menu a route names in routes.json (`"menu": "account"`): the links the enabled plugins
 * register under that name (PluginDefinition.menus), in their order, the current page marked
 * aria-current. On a narrow screen it folds into a disclosure button that names the current page.
 */
export function SideMenu({ name }: { name: string }) {
  const { registry, services } = useApp()
  const { config } = services
  // an entry whose route this brand does not ship is left out
  const links = (registry.menus.get(name) ?? []).flatMap((e) => {
    const path = pathTo(config, e.route)
    return path === null ? [] : [{ entry: e, path }]
  })
  const entries = links.map((l) => l.entry)
  // the labels' namespaces: the menu draws once their texts are in (the screen's loader fetches them
  // too), and re-renders if a language arrives later
  const namespaces = [...new Set(entries.map((e) => e.label.split(':')[0]!))]
  const { t } = useTranslation(['core', ...namespaces])
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const current = currentEntry(entries, config, pathname)
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
        {links.map(({ entry: e, path }) => (
          <li key={e.route}>
            <Link to={path} className={s.link} aria-current={e === current ? 'page' : undefined}>
              {t(e.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
