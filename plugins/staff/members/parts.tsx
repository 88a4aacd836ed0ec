import {
  Button,
  type Column,
  DataTable,
  LoadFailed,
  type LoadState,
  LoadView,
  Money,
  type PageOf,
  RouteLink,
  RowsSkeleton,
  usePaged,
  useTranslation,
} from '@core'
import type { Adjustment } from './contract'
import { dateTime } from './format'
import s from './members.module.css'

/**
 * A paged list of a member (ledger rows, clicks) under its h2: grey rows while the first page loads,
 * the failure with a retry, an empty line, then the table and "Show more" while there is more.
 */
export function PagedSection<T>({
  id,
  title,
  loadKey,
  fetchPage,
  columns,
  rowKey,
  empty,
  failed,
}: {
  id: string
  title: string
  loadKey: string
  fetchPage: (page: number) => Promise<PageOf<T>>
  columns: readonly Column<T>[]
  rowKey: (row: T) => string | number
  empty: string
  failed: string
}) {
  const { t } = useTranslation('staff-members')
  const list = usePaged(loadKey, fetchPage)
  return (
    <section aria-labelledby={id} className={s.section}>
      <h2 id={id}>{title}</h2>
      {list.status === 'error' ? <LoadFailed error={list.error} onRetry={list.retry} what={failed} /> : null}
      {list.status === 'loading' && !list.items.length ? <RowsSkeleton rows={3} /> : null}
      {list.status === 'success' && !list.items.length ? <p className={s.empty}>{empty}</p> : null}
      {list.items.length ? (
        <>
          <DataTable
            rows={list.items}
            columns={columns}
            rowKey={rowKey}
            label={title}
            caption={t('list.caption', { count: list.items.length })}
            testId={id}
            busy={list.status === 'loading'}
          />
          {list.has_more ? (
            <Button variant="secondary" onClick={list.more} disabled={list.status === 'loading'}>
              {t('list.more')}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  )
}

/**
 * Adjustments as one request loads them: the failure with a retry, grey rows, an empty line, or the
 * table (`label` names it; `columns` beyond the common ones, `rowProps` as DataTable's).
 */
export function AdjustmentsTable({
  load,
  label,
  what,
  empty,
  columns,
  testId,
  rowProps,
}: {
  load: LoadState<{ data: Adjustment[] }> & { retry: () => void }
  label: string
  what: string
  empty: string
  columns: readonly Column<Adjustment>[]
  testId: string
  rowProps?: (a: Adjustment) => Record<`data-${string}`, string>
}) {
  const { t } = useTranslation('staff-members')
  return (
    <LoadView load={load} what={what} rows={2}>
      {(r) =>
        r.data.length ? (
          <DataTable
            rows={r.data}
            rowKey={(a) => a.id}
            columns={columns}
            label={label}
            caption={t('list.caption', { count: r.data.length })}
            testId={testId}
            rowProps={rowProps}
          />
        ) : (
          <p className={s.empty}>{empty}</p>
        )
      }
    </LoadView>
  )
}

/** A moment of a table row, in the page's language, on one line. */
export function When({ iso }: { iso: string }) {
  const { i18n } = useTranslation()
  return (
    <time dateTime={iso} className={s.when}>
      {dateTime(iso, i18n.language)}
    </time>
  )
}

/** The columns every list of adjustments shows (the member's, the pending queue). */
export function useAdjustmentColumns(withMember: boolean): Column<Adjustment>[] {
  const { t } = useTranslation('staff-members')
  return [
    { key: 'when', header: t('adjust.when'), cell: (a) => <When iso={a.created_at} /> },
    ...(withMember
      ? [
          {
            key: 'member',
            header: t('adjust.member'),
            cell: (a: Adjustment) => (
              <RouteLink route="staff-members-id" params={{ id: a.member.id }}>
                {a.member.email}
              </RouteLink>
            ),
          },
        ]
      : []),
    {
      key: 'amount',
      header: t('adjust.amount'),
      cell: (a) => <Money cents={a.amount_cents} />,
      numeric: true,
    },
    { key: 'reason', header: t('adjust.reason'), cell: (a) => a.reason },
    { key: 'by', header: t('adjust.requestedBy'), cell: (a) => a.requested_by.email },
    {
      key: 'status',
      header: t('adjust.status'),
      cell: (a) =>
        a.status === 'pending'
          ? t('adjust.statuses.pending')
          : t(`adjust.statuses.${a.status}`, {
              who: a.decided_by?.email ?? '',
              reason: a.decision_reason ?? '',
            }),
    },
  ]
}
