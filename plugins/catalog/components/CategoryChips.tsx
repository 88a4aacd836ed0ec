import { Link } from 'react-router-dom'
import { useTranslation } from '../../../src/index'
import s from './catalog.module.css'

export interface Named {
  slug: string
  names: { en: string; es: string }
}

/** Category links as chips; the current one is marked for screen readers and styled. */
export function CategoryChips({
  items,
  base,
  current,
  allLabel,
  label,
}: {
  items: Named[]
  base: string
  current?: string
  allLabel: string
  label: string
}) {
  const { i18n } = useTranslation()
  const lang = i18n.language === 'es' ? 'es' : 'en'
  return (
    <nav aria-label={label}>
      <ul className={s.chips}>
        <li>
          <Link to={base} aria-current={!current ? 'page' : undefined}>
            {allLabel}
          </Link>
        </li>
        {items.map((c) => (
          <li key={c.slug}>
            <Link to={`${base}/${c.slug}`} aria-current={c.slug === current ? 'page' : undefined}>
              {c.names[lang]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
