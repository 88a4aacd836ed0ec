import { type Column, DataTable, LoadView, Money, useLoad, useTranslation } from '@core'
import { useState } from 'react'
import type { OverviewReply, WatchedOrder, WatchKind } from '../contract'
import { CheckNow } from './CheckNow'
import { ClaimList } from './Claims'
import { deliveryLate, formatDateTime, formatDay } from './dates'
import { ProtectionPage } from './ProtectionPage'
import { ReportButton } from './ReportButton'
import { LinkFirst, ProtectionNotice, Recovered } from './Summary'
import s from './styles'
import { useProtectionApi } from './useProtectionApi'

/** A day, in the page's language, as a <time>. */
export function Day({ iso }: { iso: string | null | undefined }) {
  const { i18n } = useTranslation()
  if (!iso) return null
  return <time dateTime={iso}>{formatDay(iso, i18n.language)}</time>
}

/** A purchase whose delivery is late (or missing) and that has no shipping claim yet: the member may report it. */
export function reportable(o: WatchedOrder, claims: OverviewReply['claims'], now = new Date()): boolean {
  return (
    o.kind === 'purchase' &&
    deliveryLate(o.promised_at, o.delivered_at, now) &&
    !claims.some((c) => c.order_id === o.id && c.kind === 'shipping')
  )
}

/** The columns of the watched orders: the common ones, then what the page's kind watches. */
function useColumns(kind: WatchKind, claims: OverviewReply['claims'], onFiled: () => void) {
  const { t, i18n } = useTranslation('protection')
  const cols: Column<WatchedOrder>[] = [
    { key: 'merchant', header: t('watch.col.merchant'), cell: (o) => o.merchant },
    {
      key: 'title',
      header: t('watch.col.title'),
      cell: (o) => <span id={`order-${o.id}`}>{o.title}</span>,
    },
    { key: 'reference', header: t('watch.col.reference'), cell: (o) => o.reference },
    { key: 'ordered', header: t('watch.col.ordered'), cell: (o) => <Day iso={o.ordered_at} /> },
    { key: 'paid', header: t('watch.col.paid'), numeric: true, cell: (o) => <Money cents={o.paid_cents} /> },
    {
      key: 'now',
      header: t('watch.col.now'),
      numeric: true,
      cell: (o) =>
        o.current_cents === null ? (
          <span className={s.muted}>{t('watch.notChecked')}</span>
        ) : (
          <Money cents={o.current_cents} />
        ),
    },
  ]
  if (kind === 'price')
    cols.push({ key: 'until', header: t('watch.col.watchUntil'), cell: (o) => <Day iso={o.watch_until} /> })
  if (kind === 'shipping')
    cols.push(
      { key: 'promised', header: t('watch.col.promised'), cell: (o) => <Day iso={o.promised_at} /> },
      {
        key: 'delivered',
        header: t('watch.col.delivered'),
        cell: (o) =>
          o.delivered_at ? (
            <Day iso={o.delivered_at} />
          ) : (
            <span className={s.muted}>{t('watch.notDelivered')}</span>
          ),
      },
      {
        key: 'action',
        header: <span className="visually-hidden">{t('watch.col.action')}</span>,
        cell: (o) =>
          reportable(o, claims) ? (
            <ReportButton orderId={o.id} kind="shipping" describedBy={`order-${o.id}`} onFiled={onFiled} />
          ) : null,
      },
    )
  if (kind === 'hotel' || kind === 'carrental')
    cols.push({
      key: 'dates',
      header: t(kind === 'hotel' ? 'watch.col.stay' : 'watch.col.rental'),
      cell: (o) =>
        o.starts_at && o.ends_at ? (
          t('watch.dates', {
            start: formatDay(o.starts_at, i18n.language),
            end: formatDay(o.ends_at, i18n.language),
          })
        ) : (
          <Day iso={o.starts_at} />
        ),
    })
  return cols
}

function WatchContent({ kind, data, reload }: { kind: WatchKind; data: OverviewReply; reload: () => void }) {
  const { t, i18n } = useTranslation('protection')
  const [reported, setReported] = useState(false)
  const columns = useColumns(kind, data.claims, () => {
    setReported(true)
    reload()
  })
  return (
    <>
      <ProtectionNotice notice={data.notice} />
      <Recovered
        cents={data.recovered_year_cents}
        count={data.orders.length}
        countLabel={t('watch.watchedCount')}
      />
      {data.checked_at ? (
        <p className={s.muted} data-testid="checked-at">
          {t('watch.checkedAt', { date: formatDateTime(data.checked_at, i18n.language) })}
        </p>
      ) : null}
      {data.linked === 0 ? <LinkFirst /> : null}
      {reported ? (
        <p role="status" className={s.success}>
          {t('report.lateDone')}
        </p>
      ) : null}
      {/* not a named region: the table's scrolling region carries the name */}
      <section className={s.section}>
        <h2 id="orders-title">{t('watch.orders')}</h2>
        {data.orders.length === 0 ? (
          data.linked === 0 ? null : (
            <p className={s.card} data-testid="orders-empty">
              {t('watch.noOrders')}
            </p>
          )
        ) : (
          <DataTable
            rows={data.orders}
            rowKey={(o) => o.id}
            label={t('watch.orders')}
            caption={t('watch.orders')}
            testId="watched-orders"
            rowProps={() => ({ 'data-testid': 'watched-order' })}
            columns={columns}
          />
        )}
      </section>
      <ClaimList claims={data.claims} />
    </>
  )
}

/**
 * One of the four pages that watch orders (price, shipping, hotel, car rental): what it watches,
 * the money recovered this year, a notice when a provider did not answer, the watched orders and the
 * claims with their timelines, and "Check now".
 */
export function WatchPage({ kind }: { kind: WatchKind }) {
  const { t } = useTranslation('protection')
  const api = useProtectionApi()
  const overview = useLoad(`overview:${kind}`, () => api.overview(kind))
  return (
    <ProtectionPage current={kind}>
      <CheckNow onSettled={overview.retry} />
      <LoadView load={overview} what={t('watch.failed')} rows={4}>
        {(data) => <WatchContent kind={kind} data={data} reload={overview.retry} />}
      </LoadView>
    </ProtectionPage>
  )
}
