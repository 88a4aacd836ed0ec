import { Reaction } from 'mobx'
import { type FunctionComponent, type ReactNode, useEffect, useReducer, useRef } from 'react'

/**
 * A component that re-renders when the MobX-State-Tree values it read change: what mobx-react-lite's
 * observer does, in a few lines on the mobx already in the initial bundle (mobx-react-lite would add
 * about 1.5 KB gzip to the home page's first load).
 */
export function observe<P>(render: (props: P) => ReactNode): FunctionComponent<P> {
  // biome-ignore lint/correctness/noComponentHookFactories: a higher-order component, made once per screen at module level
  function Observed(props: P) {
    const [, force] = useReducer((n: number) => n + 1, 0)
    const reaction = useRef<Reaction | null>(null)
    reaction.current ??= new Reaction('catalog', force)
    useEffect(() => {
      if (!reaction.current) {
        // remounted (StrictMode in development): track again
        reaction.current = new Reaction('catalog', force)
        force()
      }
      return () => {
        reaction.current?.dispose()
        reaction.current = null
      }
    }, [])
    let out: ReactNode = null
    reaction.current.track(() => {
      out = render(props)
    })
    return out
  }
  Observed.displayName = render.name || 'Observed'
  return Observed
}
