import { Link, useSearchParams } from 'react-router-dom'
import {
  Figures,
  Lead,
  LoadFailed,
  Money,
  Page,
  useLoad,
  useServices,
  useTranslation,
} from '../../../src/index'
import { coinApi, coinsToCents, formatCoins } from '../components/coin-ledger'
import s from '../components/coins.module.css'

const PER_PAGE = 20

/** /account/coin/history: every coin credit and debit (the ledger's coin rows) with the coin totals. */
export default function CoinHistoryPage() {
  const { t, i18n } = useTranslation('coins')
  const { http } = useServices()
  const [search] = useSearchParams()
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1)
  const api = coinApi(http)
  const data = useLoad(`coins:${page}`, async () => {
    const [ledger, balances] = await Promise.all([api.ledger(page, PER_PAGE), api.balances()])
    return { ledger, rate: balances.withdrawal.coins_per_dollar }
  })
  const lng = i18n.language
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(lng === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium' }) : ''
  const ledger = data.data?.ledger
  const pages = ledger ? Math.max(1, Math.ceil(ledger.total / ledger.per_page)) : 1
  return (
    <Page title={t('history.title')} className={s.page} testId="coin-history">
      <Lead>{t('history.lead')}</Lead>
      {data.status === 'error' ? (
        <LoadFailed error={data.error} onRetry={data.retry} what={t('history.failed')} />
      ) : null}
      {!data.data && data.status === 'loading' ? (
        <div role="status" aria-busy="true">
          <span className="visually-hidden">{t('loading')}</span>
          <div className={s.skeleton} />
          <div className={s.skeleton} />
        </div>
      ) : null}
      {data.data && ledger ? (
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
                value: <Money cents={coinsToCents(ledger.totals.coin.payable, data.data.rate)} />,
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
            <Link to="/account/withdrawal-coin">{t('history.withdraw')}</Link>
          </p>
          {ledger.data.length === 0 ? (
            <p className={s.card} data-testid="coins-empty">
              {t('history.empty')} <Link to="/surveys">{t('history.earn')}</Link>
            </p>
          ) : (
            <div className={s.tableWrap}>
              <table className={s.table} data-testid="coin-ledger">
                <caption className="visually-hidden">{t('history.caption', { page, pages })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('history.date')}</th>
                    <th scope="col">{t('history.description')}</th>
                    <th scope="col">{t('history.status')}</th>
                    <th scope="col" className={s.num}>
                      {t('history.coins')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.data.map((r) => (
                    <tr key={r.id} data-testid="coin-row">
                      <td>
                        <time dateTime={r.created_at}>{date(r.created_at)}</time>
                      </td>
                      <td>
                        <div>{t(`kind.${r.kind}`, { defaultValue: r.kind })}</div>
                        <div className={s.muted}>{r.offer ? `${r.offer} · ${r.reason}` : r.reason}</div>
                      </td>
                      <td>{t(`status.${r.status}`, { defaultValue: r.status })}</td>
                      <td className={s.num}>{formatCoins(r.amount, lng)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 ? (
            <nav className={s.pager} aria-label={t('history.paging')}>
              {page > 1 ? <Link to={`?page=${page - 1}`}>{t('history.previous')}</Link> : <span />}
              <span>{t('history.pageOf', { page, pages })}</span>
              {page < pages ? <Link to={`?page=${page + 1}`}>{t('history.next')}</Link> : <span />}
            </nav>
          ) : null}
        </>
      ) : null}
    </Page>
  )
}
