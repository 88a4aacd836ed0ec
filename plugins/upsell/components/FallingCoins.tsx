import { routeAt, useServices } from '@core'
import { type CSSProperties, useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import c from './coins.module.css'
import { prefersReducedMotion } from './motion'

/** SPEC 2.2: the only pages with falling coins, by route name. */
const COIN_PAGES = [{ route: 'thankyou' }, { route: 'awesome' }, { route: 'splthanq' }]
const COUNT = 16

/**
 * Falling coin images over /thankyou, /awesome and /splthanq. They live in the page's component, so
 * leaving for any other page unmounts them (the animation stops and the coins are removed); on a
 * path outside the three they never render. None at all with prefers-reduced-motion.
 */
export function FallingCoins() {
  const { pathname } = useLocation()
  const { config } = useServices()
  const route = routeAt(config, pathname)?.name
  const [reduce, setReduce] = useState(prefersReducedMotion)
  useEffect(() => {
    if (typeof matchMedia !== 'function') return
    const mq = matchMedia('(prefers-reduced-motion: reduce)')
    const on = () => setReduce(mq.matches)
    mq.addEventListener?.('change', on)
    return () => mq.removeEventListener?.('change', on)
  }, [])
  if (reduce || !COIN_PAGES.some((p) => p.route === route)) return null
  return (
    <div className={c.layer} aria-hidden="true" data-testid="coins">
      {Array.from({ length: COUNT }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of decorative coins
          key={i}
          className={c.coin}
          data-coin=""
          // each coin's place, size and pace are computed from its index: custom properties read by .coin
          style={
            {
              '--x': `${(i * 97) % 100}%`,
              '--delay': `${((i * 37) % 30) / 10}s`,
              '--duration': `${3 + ((i * 13) % 20) / 10}s`,
              '--size': `${22 + ((i * 7) % 16)}px`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  )
}
