import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import s from './styles'

/**
 * A list of cards (`children` draws one item's), or, when there is none, the card that says so
 * (`empty`; nothing at all when it is null). An observer: a store's list it is given redraws it.
 */
export const Tiles = observer(TilesView) as typeof TilesView

function TilesView<T>({
  items,
  empty,
  testId,
  emptyTestId,
  children,
}: {
  items: readonly T[]
  empty: ReactNode
  testId: string
  emptyTestId: string
  children: (item: T) => ReactNode
}) {
  if (items.length === 0)
    return empty === null ? null : (
      <p className={s.card} data-testid={emptyTestId}>
        {empty}
      </p>
    )
  return (
    <ul className={s.tiles} data-testid={testId}>
      {items.map(children)}
    </ul>
  )
}
