import { DataTable, LoadedPage, Money, RouteLink } from '@core'
import { ledgerApi } from '../api'
import { DateText, StatusBadge } from '../components/Amount'
import { giftStatus, replaceable } from '../components/gift-cards'
import s from '../components/styles'
import { useAccountPages } from '../texts'

/** /account/gift-card-history: the member's gift cards with their value, status and expiry. */
export default function GiftCardHistoryPage() {
  const { t } = useAccountPages()
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
              <RouteLink route="account-withdrawal">{t('gift.getOne')}</RouteLink>
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
              <RouteLink route="account-update-expired-gift-card">{t('gift.replaceLink')}</RouteLink>
            </p>
          ) : null}
        </>
      )}
    </LoadedPage>
  )
}
