import {
  DataTable,
  Figures,
  Lead,
  LoadView,
  localeOf,
  Money,
  Page,
  Pager,
  pageCount,
  pageParam,
  RouteLink,
  TestMoneyLabel,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import { useSearchParams } from 'react-router-dom'
import { coinsApi } from '../api'
import { coinsToCents, formatCoins } from '../components/coin-ledger'
import s from '../components/styles'

const PER_PAGE = 20

/** /account/coin/history: every coin credit and debit (the ledger's coin rows) with the coin totals. */
export default function CoinHistoryPage() {
  const { t, i18n } = useTranslation('coins')
  const { http } = useServices()
  const [search] = useSearchParams()
  const page = pageParam(search)
  const api = coinsApi(http)
  const data = useLoad(`coins:${page}`, async () => {
    const [ledger, balances] = await Promise.all([api.ledger(page, PER_PAGE), api.balances()])
    return { ledger, rate: balances.withdrawal.coins_per_dollar }
  })
  const lng = i18n.language
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(localeOf(lng), { dateStyle: 'medium' }) : ''
  const pages = pageCount(data.data?.ledger)
  return (
    <Page title={t('history.title')} className={s.page} testId="coin-history">
      <Lead>{t('history.lead')}</Lead>
      <LoadView load={data} what={t('history.failed')} rows={2}>
        {({ ledger, rate }) => (
          <>
            <Figures
              items={[
                {
                  label: t('history.payable'),
                  value: t('amount', {
                    count: ledger.totals.coin.payable,
                    value: formatCoins(ledger.totals.coin.payable, lng),
                  }),
                  testId: 'coins-payable',
                },
                {
                  label: t('history.worth'),
                  value: <Money cents={coinsToCents(ledger.totals.coin.payable, rate)} />,
                },
                {
                  label: t('history.pending'),
                  value: t('amount', {
                    count: ledger.totals.coin.pending,
                    value: formatCoins(ledger.totals.coin.pending, lng),
                  }),
                },
              ]}
            />
            <p>
              <RouteLink route="account-withdrawal-coin">{t('history.withdraw')}</RouteLink>
            </p>
            {ledger.data.length === 0 ? (
              <p className={s.card} data-testid="coins-empty">
                {t('history.empty')} <RouteLink route="surveys">{t('history.earn')}</RouteLink>
              </p>
            ) : (
              <DataTable
                rows={ledger.data}
                rowKey={(r) => r.id}
                label={t('history.tableLabel')}
                caption={t('history.caption', { page, pages })}
                testId="coin-ledger"
                busy={data.status === 'loading'}
                rowProps={(r) => ({
                  'data-testid': 'coin-row',
                  ...(r.test ? { 'data-test-money': 'true' } : {}),
                })}
                columns={[
                  {
                    key: 'date',
                    header: t('history.date'),
                    cell: (r) => <time dateTime={r.created_at}>{date(r.created_at)}</time>,
                  },
                  {
                    key: 'what',
                    header: t('history.description'),
                    cell: (r) => (
                      <>
                        <div>
                          {t(`kind.${r.kind}`, { defaultValue: r.kind })}
                          {r.test ? <TestMoneyLabel /> : null}
                        </div>
                        <div className={s.muted}>{r.offer ? `${r.offer} · ${r.reason}` : r.reason}</div>
                      </>
                    ),
                  },
                  {
                    key: 'status',
                    header: t('history.status'),
                    cell: (r) => t(`status.${r.status}`, { defaultValue: r.status }),
                  },
                  {
                    key: 'coins',
                    header: t('history.coins'),
                    numeric: true,
                    cell: (r) => formatCoins(r.amount, lng),
                  },
                ]}
              />
            )}
            <Pager page={page} pages={pages} href={(n) => `?page=${n}`} t={t} />
          </>
        )}
      </LoadView>
    </Page>
  )
}
