import { useId, useState } from 'react'
import { NavLink, useNavigate } from 'react-router-dom'
import { useTranslation } from '../../../src/index'
import s from './header.module.css'

const LINKS = [
  ['stores', '/stores'],
  ['coupons', '/coupons'],
  ['products', '/products'],
  ['offers', '/offers'],
] as const

/** The header's catalog links and store search (slot 'header.nav'). */
export default function HeaderNav() {
  const { t } = useTranslation('catalog')
  const navigate = useNavigate()
  const [q, setQ] = useState('')
  const id = useId()
  return (
    <div className={s.wrap}>
      <ul className={s.links}>
        {LINKS.map(([key, to]) => (
          <li key={key}>
            <NavLink to={to} className={s.link}>
              {t(`nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
      <search className={s.search}>
        <form
          className={s.searchForm}
          onSubmit={(e) => {
            e.preventDefault()
            navigate(q.trim() ? `/stores?q=${encodeURIComponent(q.trim())}` : '/stores')
          }}
        >
          <label htmlFor={id} className="visually-hidden">
            {t('nav.searchLabel')}
          </label>
          <input
            id={id}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('nav.searchPlaceholder')}
            autoComplete="off"
            data-testid="header-search"
          />
          <button type="submit">{t('nav.search')}</button>
        </form>
      </search>
    </div>
  )
}
