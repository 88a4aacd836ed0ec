import type { ReactNode } from 'react'
import { ListStatus, More } from './ListState'

/** A paged list of `usePaged` in one place: its status as ListStatus shows it, the items, then 'Show more'. */
export function PagedList({
  list,
  empty,
  more,
  skeleton,
  children,
}: {
  list: {
    status: string
    error: unknown
    items: unknown[]
    has_more: boolean
    retry: () => void
    more: () => void
  }
  empty: ReactNode
  /** The 'Show more' button's label. */
  more: string
  skeleton?: ReactNode
  children: ReactNode
}) {
  return (
    <ListStatus
      status={list.status}
      error={list.error}
      count={list.items.length}
      onRetry={list.retry}
      empty={empty}
      skeleton={skeleton}
    >
      {children}
      <More list={list} onMore={list.more} label={more} />
    </ListStatus>
  )
}
