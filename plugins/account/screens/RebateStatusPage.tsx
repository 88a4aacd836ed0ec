import { Lead, Page, RouteLink, useSession } from '@core'
import { observer } from 'mobx-react-lite'
import { StatusBadge } from '../components/Amount'
import s from '../components/styles'
import { useAccountPages } from '../texts'

const STEPS = ['pending', 'confirmed', 'payable', 'paid', 'declined'] as const

/**
 * /rebates/status (open to all): what each status of a rebate or cash back means and what comes next;
 * a member gets the links to their own history and rebates.
 */
export default observer(function RebateStatusPage() {
  const { t } = useAccountPages()
  const session = useSession()
  return (
    <Page title={t('rebateStatus.title')} className={s.page} testId="rebate-status">
      <Lead>{t('rebateStatus.lead')}</Lead>
      <dl className={s.list}>
        {STEPS.map((st) => (
          <div key={st} className={s.card}>
            <dt>
              <StatusBadge status={st} />
            </dt>
            <dd>{t(`rebateStatus.${st}`)}</dd>
          </div>
        ))}
      </dl>
      <p className={s.actions}>
        {session.authenticated ? (
          <>
            <RouteLink route="account-purchase-history">{t('rebateStatus.history')}</RouteLink>
            <RouteLink route="account-rebates">{t('rebateStatus.rebates')}</RouteLink>
          </>
        ) : (
          <RouteLink route="login">{t('rebateStatus.signIn')}</RouteLink>
        )}
      </p>
    </Page>
  )
})
