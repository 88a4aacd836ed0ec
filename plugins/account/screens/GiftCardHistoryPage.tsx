import { Link } from 'react-router-dom'
import { Lead, LoadFailed, Money, Page, useLoad, useServices, useTranslation } from '../../../src/index'
import { DateText, StatusBadge } from '../components/Amount'
import s from '../components/account.module.css'
import { giftStatus, replaceable } from '../components/gift-cards'
import { ledgerApi } from '../components/ledger-api'
import { RowsSkeleton } from '../components/Skeleton'

/** /account/gift-card-history: the member's gift cards with their value, status and expiry. */
export default function GiftCardHistoryPage() {
  const { t } = useTranslation('account')
  const { http } = useServices()
  const cards = useLoad('gift-cards', () => ledgerApi(http).giftCards())
  const list = cards.data?.data ?? []
  return (
    <Page title={t('gift.title')} className={s.page} testId="gift-card-history">
      <Lead>{t('gift.lead')}</Lead>
      {cards.status === 'error' ? (
        <LoadFailed error={cards.error} onRetry={cards.retry} what={t('gift.failed')} />
      ) : null}
      {!cards.data && cards.status === 'loading' ? <RowsSkeleton rows={3} /> : null}
      {cards.data && list.length === 0 ? (
        <div className={s.card} data-testid="gift-empty">
          <p>{t('gift.empty')}</p>
          <Link to="/account/withdrawal">{t('gift.getOne')}</Link>
        </div>
      ) : null}
      {list.length > 0 ? (
        <div className={s.tableWrap}>
          <table className={s.table} data-testid="gift-cards">
            <caption className="visually-hidden">{t('gift.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('gift.brand')}</th>
                <th scope="col">{t('gift.code')}</th>
                <th scope="col">{t('gift.status')}</th>
                <th scope="col">{t('gift.expires')}</th>
                <th scope="col" className={s.num}>
                  {t('gift.value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.id} data-testid="gift-row">
                  <td>{c.brand}</td>
                  <td>
                    <code>{c.code}</code>
                  </td>
                  <td>
                    <StatusBadge status={giftStatus(c)} />
                  </td>
                  <td>
                    <DateText iso={c.expires_at} />
                  </td>
                  <td className={s.num}>
                    <Money cents={c.amount_cents} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {replaceable(list).length > 0 ? (
        <p className={s.card}>
          {t('gift.expiredNote')} <Link to="/account/update-expired-gift-card">{t('gift.replaceLink')}</Link>
        </p>
      ) : null}
    </Page>
  )
}
