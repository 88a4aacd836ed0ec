import { Button, useTranslation } from '@core'
import { memo } from 'react'
import { Link } from 'react-router-dom'
import type { Store } from '../contract'
import { useStorePaths } from '../url'
import s from './catalog.module.css'
import { Logo } from './Logo'
import { useStoreVisit } from './visit'

/**
 * The one store tile (UX.md): logo, name, the cash-back rate as the largest text, the earlier rate
 * struck through when it went up, and one primary button. Same everywhere: home rows, categories,
 * search results. Memoized: a list that re-renders with the same stores (its data arriving in the
 * store after the take-over of a page drawn on the server) does not redraw every tile.
 */
export const StoreTile = memo(function StoreTile({ store }: { store: Store }) {
  const { t } = useTranslation('catalog')
  const visit = useStoreVisit()
  const paths = useStorePaths()
  const went = store.previous_rate && store.previous_rate.value < store.rate.value
  return (
    <li className={s.tile} data-testid="store-tile">
      <Link to={paths.store(store.internal_name)} className={s.tileLink}>
        <Logo src={store.logo_url} color={store.color} />
        <span className={s.tileName}>{store.name}</span>
        <span className={s.rate} data-testid="tile-rate">
          {store.rate.label}
        </span>
        {went ? (
          <span className={s.was}>
            <span className="visually-hidden">{t('store.was')} </span>
            <s>{store.previous_rate!.label}</s>
          </span>
        ) : null}
        {store.plus_only ? <span className={s.badgePlus}>{t('store.plus')}</span> : null}
      </Link>
      <Button
        onClick={() => visit.start({ merchant: store.internal_name, name: store.name })}
        aria-label={t('store.shopAt', { name: store.name })}
      >
        {t('store.shopNow')}
      </Button>
      {visit.popup}
    </li>
  )
})

export function StoreGrid({ stores }: { stores: Store[] }) {
  return (
    <ul className={s.grid}>
      {stores.map((x) => (
        <StoreTile key={x.internal_name} store={x} />
      ))}
    </ul>
  )
}
