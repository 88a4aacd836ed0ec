import type { TFunction } from 'i18next'
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react'
import { Link } from 'react-router-dom'
import s from './data-table.module.css'

/** One column: its header, how a row fills its cell, and whether it holds a number (right-aligned). */
export interface Column<T> {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
  numeric?: boolean
}

export interface DataTableProps<T> {
  rows: readonly T[]
  columns: readonly Column<T>[]
  rowKey: (row: T) => string | number
  /** Read by screen readers before the table (e.g. "Page 2 of 5"); hidden on screen. */
  caption: ReactNode
  /** The name of the scrolling region that holds the table. */
  label: string
  testId?: string
  /** Extra attributes of a row (test ids, data attributes). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>
  /** A newer page is loading: the region says it is busy. */
  busy?: boolean
}

/**
 * A table of records (ledger rows, charges) in a region that scrolls sideways on a narrow screen
 * and can be reached by keyboard: column headers with their scope, numbers aligned right, a caption
 * for screen readers.
 *
 * @example <DataTable rows={rows} rowKey={(r) => r.id} label={t('table')} caption={t('caption')}
 *   columns={[{ key: 'date', header: t('date'), cell: (r) => r.date }]} />
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  label,
  testId,
  rowProps,
  busy,
}: DataTableProps<T>) {
  return (
    <section
      className={s.wrap}
      style={{ '--rows': rows.length } as CSSProperties}
      aria-busy={busy || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
    >
      <table className={s.table} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? s.num : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c) => (
                <td key={c.key} className={c.numeric ? s.num : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/**
 * Previous / "page N of M" / next links of a paged list; nothing when there is one page.
 * `href(n)` is the address of page n (the filters kept). Its texts come from a plugin namespace that
 * has `<prefix>.paging`, `.previous`, `.next` and `.pageOf` (with {{page}} and {{pages}}): `t` is that
 * namespace's.
 */
export function Pager({
  page,
  pages,
  href,
  t,
  prefix = 'history',
}: {
  page: number
  pages: number
  href: (page: number) => string
  t: TFunction
  prefix?: string
}) {
  if (pages <= 1) return null
  return (
    <nav className={s.pager} aria-label={t(`${prefix}.paging`)}>
      {page > 1 ? <Link to={href(page - 1)}>{t(`${prefix}.previous`)}</Link> : <span />}
      <span>{t(`${prefix}.pageOf`, { page, pages })}</span>
      {page < pages ? <Link to={href(page + 1)}>{t(`${prefix}.next`)}</Link> : <span />}
    </nav>
  )
}

/** The page an address asks for (`?page=`, or another name): a whole number from 1; 1 when absent or not one. */
export function pageParam(search: URLSearchParams, name = 'page'): number {
  return Math.max(1, Number.parseInt(search.get(name) ?? '1', 10) || 1)
}

/** How many pages a paged reply has, at least one (an empty list is one empty page); 1 before it loads. */
export function pageCount(reply: { total: number; per_page: number } | null | undefined): number {
  return reply ? Math.max(1, Math.ceil(reply.total / reply.per_page)) : 1
}
