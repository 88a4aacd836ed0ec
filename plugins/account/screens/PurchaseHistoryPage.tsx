import {
  Button,
  type Column,
  DataTable,
  errorText,
  Figures,
  FormAlert,
  Lead,
  LoadFailed,
  Page,
  Pager,
  pageCount,
  pageParam,
  RouteLink,
  RowsSkeleton,
  TestMoneyLabel,
  useFirstData,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import { useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ledgerApi } from '../api'
import { Amount, DateText, StatusBadge } from '../components/Amount'
import { CASH_KINDS as KINDS, STATUSES } from '../components/kinds'
import { NegativeBalanceNote, PurchaseList } from '../components/PurchaseTimeline'
import { saveFile } from '../components/save-file'
import s from '../components/styles'
import type { LedgerEntry, LedgerReply, RebatesReply } from '../contract'
import { historyQuery, ledgerRequest, PURCHASES_PER_PAGE, purchasesRequest } from '../first-data'

/** A reply the page was drawn with, as `useLoad`'s first state. */
const asFirst = <T,>(r: { status: number; body: T } | undefined) => r && { status: r.status, data: r.body }

/**
 * /account/purchase-history: the member's cash ledger, every credit and debit as its own row, with
 * filters by kind and status kept in the address, the pending and payable totals, paging and the
 * CSV export of the same filter.
 */
export default function PurchaseHistoryPage() {
  const { t, i18n } = useTranslation('account')
  const { http } = useServices()
  // the server's reason is in English: another language gets the kind's own line
  const reasonText = (row: LedgerEntry) =>
    i18n.language === 'en'
      ? row.reason
      : t(`reason.${row.kind}`, { store: row.store?.name ?? '', defaultValue: row.reason })
  const [search, setSearch] = useSearchParams()
  const query = historyQuery(search)
  const { kind, status, page } = query
  const purchasesPage = pageParam(search, 'purchases')
  // a member's page the server drew (src/node/page-paint.tsx) starts with the replies it was drawn from
  const ledgerAsk = ledgerRequest(query)
  const purchasesAsk = purchasesRequest(purchasesPage)
  const ledger = useLoad(JSON.stringify(query), () => ledgerApi(http).ledger(query), {
    first: asFirst(useFirstData<LedgerReply>(ledgerAsk.path, ledgerAsk.params)),
  })
  const purchases = useLoad(
    `purchases:${purchasesPage}`,
    () => ledgerApi(http).purchases({ page: purchasesPage, per_page: PURCHASES_PER_PAGE }),
    { first: asFirst(useFirstData<RebatesReply>(purchasesAsk.path, purchasesAsk.params)) },
  )
  const [csv, setCsv] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })

  async function downloadCsv() {
    if (csv.busy) return
    setCsv({ busy: true, error: null })
    try {
      const file = await ledgerApi(http).csv({ currency: 'cash', kind, status })
      saveFile(file.blob, file.name)
      setCsv({ busy: false, error: null })
    } catch (e) {
      setCsv({ busy: false, error: `${t('history.csvFailed')} (${errorText(t, e)})` })
    }
  }

  const setFilter = (name: 'kind' | 'status', value: string) => {
    const next = new URLSearchParams(search)
    if (value) next.set(name, value)
    else next.delete(name)
    next.delete('page')
    setSearch(next)
  }
  const pageLink = (n: number) => {
    const next = new URLSearchParams(search)
    if (n > 1) next.set('page', String(n))
    else next.delete('page')
    return `?${next.toString()}`
  }
  const purchasesLink = (n: number) => {
    const next = new URLSearchParams(search)
    if (n > 1) next.set('purchases', String(n))
    else next.delete('purchases')
    return `?${next.toString()}`
  }
  const bought = purchases.data
  const purchasePages = pageCount(bought)
  const data = ledger.data
  // The history's tools and rows appear once both lists have loaded, in one step: drawn before them, the
  // filters were pushed down by the totals and the purchases arriving above (CLS 0.81 signed in, issue 30).
  // Once shown they stay while a filter reloads the rows, so the list a person is using never goes away.
  const settled = useRef(false)
  if (data && purchases.status !== 'loading') settled.current = true
  const ready = settled.current
  const pages = pageCount(data)
  const columns: Column<LedgerEntry>[] = [
    { key: 'date', header: t('history.date'), cell: (row) => <DateText iso={row.created_at} /> },
    {
      key: 'what',
      header: t('history.description'),
      cell: (row) => (
        <>
          <div>
            {row.store ? row.store.name : t(`kind.${row.kind}`)}
            {row.test ? <TestMoneyLabel /> : null}
          </div>
          <div className={s.muted}>{reasonText(row)}</div>
        </>
      ),
    },
    { key: 'status', header: t('history.status'), cell: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'expected',
      header: t('history.expected'),
      cell: (row) =>
        row.expected_at && (row.status === 'pending' || row.status === 'confirmed') ? (
          <DateText iso={row.expected_at} />
        ) : (
          <span className={s.muted}>{t('history.noDate')}</span>
        ),
    },
    {
      key: 'amount',
      header: t('history.amount'),
      numeric: true,
      cell: (row) => <Amount amount={row.amount} currency={row.currency} />,
    },
  ]

  return (
    <Page title={t('history.title')} className={s.page} testId="purchase-history">
      <Lead>{t('history.lead')}</Lead>
      <p className={s.muted}>
        <RouteLink route="account-missing-cashback" data-testid="missing-cashback-link">
          {t('history.missingLink')}
        </RouteLink>
      </p>
      {ready && data ? (
        <Figures
          testId="ledger-totals"
          items={[
            {
              label: t('history.pending'),
              value: <Amount amount={data.totals.cash.pending} currency="cash" />,
              testId: 'total-pending',
            },
            {
              label: t('history.payable'),
              value: <Amount amount={data.totals.cash.payable} currency="cash" />,
              testId: 'total-payable',
            },
            {
              label: t('history.paid'),
              value: <Amount amount={data.totals.cash.paid} currency="cash" />,
              testId: 'total-paid',
            },
          ]}
        />
      ) : null}
      {ready && data ? <NegativeBalanceNote payableCents={data.totals.cash.payable} /> : null}
      {ready && bought && bought.data.length > 0 ? (
        <section aria-labelledby="purchases-title" data-testid="purchases-section">
          <h2 id="purchases-title">{t('purchases.title')}</h2>
          <p className={s.muted}>{t('purchases.lead')}</p>
          <PurchaseList rows={bought.data} label={t('purchases.listLabel')} />
          {purchasePages > 1 ? (
            <Pager page={purchasesPage} pages={purchasePages} href={purchasesLink} t={t} prefix="purchases" />
          ) : null}
        </section>
      ) : null}
      {purchases.status === 'error' ? (
        <LoadFailed error={purchases.error} onRetry={purchases.retry} what={t('purchases.failed')} />
      ) : null}
      {!ready && ledger.status !== 'error' ? <RowsSkeleton rows={5} /> : null}
      {ready && bought && bought.data.length > 0 ? <h2>{t('purchases.movements')}</h2> : null}
      {ready ? (
        <div className={s.filters}>
          <label>
            {t('history.kind')}
            <select
              className={s.select}
              value={kind ?? ''}
              onChange={(e) => setFilter('kind', e.target.value)}
            >
              <option value="">{t('history.allKinds')}</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('history.status')}
            <select
              className={s.select}
              value={status ?? ''}
              onChange={(e) => setFilter('status', e.target.value)}
            >
              <option value="">{t('history.allStatuses')}</option>
              {STATUSES.map((k) => (
                <option key={k} value={k}>
                  {t(`status.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="secondary"
            onClick={downloadCsv}
            disabled={csv.busy}
            aria-busy={csv.busy}
            data-testid="ledger-csv"
          >
            {csv.busy ? t('history.csvBusy') : t('history.csv')}
          </Button>
        </div>
      ) : null}
      <FormAlert text={csv.error} />
      {ledger.status === 'error' ? (
        <LoadFailed error={ledger.error} onRetry={ledger.retry} what={t('history.failed')} />
      ) : null}
      {ready && !data && ledger.status === 'loading' ? <RowsSkeleton rows={5} /> : null}
      {ready && data && data.data.length === 0 ? (
        <div className={s.card} data-testid="ledger-empty">
          <p>{kind || status ? t('history.emptyFiltered') : t('history.empty')}</p>
          <RouteLink route="stores">{t('history.shop')}</RouteLink>
        </div>
      ) : null}
      {ready && data && data.data.length > 0 ? (
        <DataTable
          rows={data.data}
          rowKey={(row) => row.id}
          columns={columns}
          label={t('history.tableLabel')}
          caption={t('history.caption', { page, pages })}
          testId="ledger"
          busy={ledger.status === 'loading'}
          rowProps={(row) => ({
            'data-testid': 'ledger-row',
            'data-kind': row.kind,
            'data-status': row.status,
            ...(row.test ? { 'data-test-money': 'true' } : {}),
          })}
        />
      ) : null}
      {ready && data ? <Pager page={page} pages={pages} href={pageLink} t={t} /> : null}
    </Page>
  )
}
