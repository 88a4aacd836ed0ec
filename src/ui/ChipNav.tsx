import { Link } from 'react-router-dom'
import s from './surface.module.css'

/** One chip: where it goes, its text, and whether it is the page shown. */
export interface Chip {
  to: string
  label: string
  current: boolean
}

/**
 * A named row of links drawn as chips (filters, types, categories), the current one marked for
 * screen readers (aria-current) and by colour; each at least 44 px high; it scrolls sideways when
 * the row is wider than the screen.
 *
 * @example <ChipNav label={t('offers.types')} chips={types.map((x) => ({ to: `/offers/${x}`, label: t(x), current: x === type }))} />
 */
export function ChipNav({ label, chips }: { label: string; chips: readonly Chip[] }) {
  return (
    <nav aria-label={label}>
      <ul className={s.chips}>
        {chips.map((c) => (
          <li key={c.to}>
            <Link to={c.to} aria-current={c.current ? 'page' : undefined}>
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
