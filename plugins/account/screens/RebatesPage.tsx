import {
  DataTable,
  formatCents,
  Lead,
  LoadFailed,
  Money,
  Page,
  RouteLink,
  RowsSkeleton,
  type ScreenProps,
  TestMoneyLabel,
  useLoad,
  useServices,
  useSession,
} from '@core'
import { observer } from 'mobx-react-lite'
import { ledgerApi } from '../api'
import { isClaimBenefit } from '../claim-contract'
import { DateText, StatusBadge } from '../components/Amount'
import { PlusValue } from '../components/PlusValue'
import { ClaimLinks, RebateClaimsList } from '../components/RebateClaims'
import { BENEFIT_TYPES, type MonthUse, monthUse } from '../components/rebates'
import s from '../components/styles'
import { useAccountPages } from '../texts'

const TYPE = /^[a-z_]{1,40}$/

/**
 * /account/rebates and /account/rebates/{benefit_type}: what was claimed this month against the
 * monthly caps (SPEC 9), how to claim, the claims themselves; a Plus member also sees what the rebates
 * earned this year against the fee paid.
 */
export default observer(function RebatesPage({ params }: ScreenProps) {
  const { t } = useAccountPages()
  const type = params.benefit_type
  const typeName = type ? t(`benefit.${type}`, { defaultValue: type.replace(/_/g, ' ') }) : ''
  const title = type ? t('rebates.typeTitle', { type: typeName }) : t('rebates.title')
  if (type && !TYPE.test(type))
    return (
      <Page title={t('rebates.unknownTitle')} className={s.page} testId="rebates-unknown">
        <p>{t('rebates.unknown')}</p>
        <RouteLink route="account-rebates">{t('rebates.all')}</RouteLink>
      </Page>
    )
  return (
    <Page title={title} className={s.page} testId="rebates-page">
      <RebatesView type={type} />
    </Page>
  )
})

/**
 * The rebates of this month against the caps, how to claim, and the claims, without a page frame
 * (the screen and the 'account.rebates' part). `typeLinks: false` leaves out the links to the
 * /account/rebates/{type} pages (a page outside the account area).
 */
export const RebatesView = observer(function RebatesView({
  type,
  typeLinks = true,
}: {
  type?: string
  typeLinks?: boolean
}) {
  const { t } = useAccountPages()
  const { http } = useServices()
  const session = useSession()
  const rebates = useLoad(`rebates:${type ?? ''}`, () =>
    ledgerApi(http).rebates({ benefit_type: type, per_page: 100 }),
  )
  const use = rebates.data ? monthUse(rebates.data.data).filter((u) => !type || u.type === type) : []
  const rows = rebates.data?.data ?? []
  // rebate claims (issue 27): filed with a receipt, in review until staff decide
  const claims = useLoad(`claims:${type ?? ''}`, () =>
    type && !isClaimBenefit(type)
      ? Promise.resolve({ data: [], left: {}, limits: { receipt_max_bytes: 0, order_max_age_days: 0 } })
      : ledgerApi(http).claims(type ? { benefit_type: type } : {}),
  )
  return (
    <>
      <Lead>{t('rebates.lead')}</Lead>
      {!typeLinks ? null : type ? (
        <p>
          <RouteLink route="account-rebates">{t('rebates.all')}</RouteLink>
        </p>
      ) : (
        <nav aria-label={t('rebates.types')} className={s.actions}>
          {BENEFIT_TYPES.map((b) => (
            <RouteLink key={b} route="account-rebates-benefit-type" params={{ benefit_type: b }}>
              {t(`benefit.${b}`)}
            </RouteLink>
          ))}
        </nav>
      )}
      {rebates.status === 'error' ? (
        <LoadFailed error={rebates.error} onRetry={rebates.retry} what={t('rebates.failed')} />
      ) : null}
      {!rebates.data && rebates.status === 'loading' ? <RowsSkeleton rows={3} /> : null}
      {rebates.data ? (
        <section aria-labelledby="month-title">
          <h2 id="month-title">{t('rebates.month')}</h2>
          <ul className={s.list} data-testid="rebate-caps">
            {use.map((u) => (
              <UseCard key={u.type} use={u} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="claim-title" className={s.card}>
        <h2 id="claim-title">{t('rebates.howTitle')}</h2>
        <ol>
          <li>{t('rebates.how1')}</li>
          <li>{t('rebates.how2')}</li>
          <li>{t('rebates.how3')}</li>
        </ol>
        {session.member?.plus ? <ClaimLinks type={type} /> : null}
        <p className={s.muted}>
          <RouteLink route="rebates-status">{t('rebates.statusLink')}</RouteLink>
        </p>
      </section>
      {session.member?.plus ? <PlusValue /> : null}
      {!type || isClaimBenefit(type) ? <RebateClaimsList load={claims} /> : null}
      {rebates.data ? (
        <section aria-labelledby="claims-title">
          <h2 id="claims-title">{t('rebates.claims')}</h2>
          {rows.length === 0 ? (
            <p className={s.card} data-testid="rebates-empty">
              {t('rebates.empty')} <RouteLink route="stores">{t('history.shop')}</RouteLink>
            </p>
          ) : (
            <DataTable
              rows={rows}
              rowKey={(r) => r.id}
              label={t('rebates.claims')}
              caption={t('rebates.claims')}
              columns={[
                { key: 'date', header: t('history.date'), cell: (r) => <DateText iso={r.created_at} /> },
                {
                  key: 'benefit',
                  header: t('rebates.benefit'),
                  cell: (r) => (
                    <>
                      <div>
                        {t(`benefit.${r.benefit_type}`, { defaultValue: r.benefit_type })}
                        {r.test ? <TestMoneyLabel /> : null}
                      </div>
                      <div className={s.muted}>
                        {r.store ? `${r.store.name} · ` : ''}
                        {r.reason}
                      </div>
                    </>
                  ),
                },
                {
                  key: 'status',
                  header: t('history.status'),
                  cell: (r) => <StatusBadge status={r.status} />,
                },
                {
                  key: 'amount',
                  header: t('history.amount'),
                  numeric: true,
                  cell: (r) => <Money cents={r.amount_cents} />,
                },
              ]}
            />
          )}
        </section>
      ) : null}
    </>
  )
})

function UseCard({ use }: { use: MonthUse }) {
  const { t, i18n } = useAccountPages()
  const name = t(`benefit.${use.type}`, { defaultValue: use.type })
  return (
    <li className={s.card} data-testid="rebate-cap" data-type={use.type}>
      <strong>{name}</strong>
      {use.cap !== null ? (
        <>
          <p>
            {t('rebates.used', {
              count: use.claims,
              amount: formatCents(use.cents, i18n.language),
              cap: formatCents(use.cap, i18n.language),
            })}
          </p>
          <meter
            className={s.meter}
            min={0}
            max={use.cap}
            value={Math.min(use.cents, use.cap)}
            aria-label={t('rebates.meter', { type: name })}
          />
        </>
      ) : (
        <p>{t('rebates.usedNoCap', { count: use.claims })}</p>
      )}
      <p className={s.muted}>
        {t('rebates.earned')} <Money cents={use.cents} />
      </p>
    </li>
  )
}
