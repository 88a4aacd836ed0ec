import { DataTable, LoadedPage, Money, useTranslation } from '@core'
import { Link } from 'react-router-dom'
import { DateText, StatusBadge } from '../components/Amount'
import { giftStatus, replaceable } from '../components/gift-cards'
import { ledgerApi } from '../components/ledger-api'
import s from '../components/styles'

/** /account/gift-card-history: the member's gift cards with their value, status and expiry. */
export default function GiftCardHistoryPage() {
  const { t } = useTranslation('account')
  return (
    <LoadedPage
      title={t('gift.title')}
      lead={t('gift.lead')}
      className={s.page}
      testId="gift-card-history"
      loadKey="gift-cards"
      load={({ http }) => ledgerApi(http).giftCards()}
      what={t('gift.failed')}
      rows={3}
    >
      {({ data: list }) => (
        <>
          {list.length === 0 ? (
            <div className={s.card} data-testid="gift-empty">
              <p>{t('gift.empty')}</p>
              <Link to="/account/withdrawal">{t('gift.getOne')}</Link>
            </div>
          ) : (
            <DataTable
              rows={list}
              rowKey={(c) => c.id}
              label={t('gift.title')}
              caption={t('gift.title')}
              testId="gift-cards"
              rowProps={() => ({ 'data-testid': 'gift-row' })}
              columns={[
                { key: 'brand', header: t('gift.brand'), cell: (c) => c.brand },
                { key: 'code', header: t('gift.code'), cell: (c) => <code>{c.code}</code> },
                {
                  key: 'status',
                  header: t('gift.status'),
                  cell: (c) => <StatusBadge status={giftStatus(c)} />,
                },
                { key: 'expires', header: t('gift.expires'), cell: (c) => <DateText iso={c.expires_at} /> },
                {
                  key: 'value',
                  header: t('gift.value'),
                  numeric: true,
                  cell: (c) => <Money cents={c.amount_cents} />,
                },
              ]}
            />
          )}
          {replaceable(list).length > 0 ? (
            <p className={s.card}>
              {t('gift.expiredNote')}{' '}
              <Link to="/account/update-expired-gift-card">{t('gift.replaceLink')}</Link>
            </p>
          ) : null}
        </>
      )}
    </LoadedPage>
  )
}
