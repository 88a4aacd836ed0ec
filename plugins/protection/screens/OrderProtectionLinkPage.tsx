import { buttonClass, Page, RouteLink, useStore, useTranslation } from '@core'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { knownProviderName } from '../components/providers'
import s from '../components/styles'
import { type LinkFailure, LinkFailures } from '../contract'

const isFailure = (r: string | null): r is LinkFailure =>
  (LinkFailures as readonly (string | null)[]).includes(r)

/**
 * /order-protection-link (SPEC 2.6 "reads a success query parameter"): where the server sends the
 * browser back from the provider's consent page. success=1&provider=<id>: the account is linked (the
 * store's linked accounts load again); success=0&reason=<LinkFailure>: why nothing was linked.
 */
export default function OrderProtectionLinkPage() {
  const { t } = useTranslation('protection')
  const [query] = useSearchParams()
  const slice = useStore('protection')
  const linked = query.get('success') === '1'

  useEffect(() => {
    if (linked) slice.load().catch(() => {}) // the accounts page shows a failure with its retry
  }, [linked, slice])

  if (linked) {
    const name = knownProviderName(query.get('provider')) ?? t('link.someProvider')
    return (
      <Page title={t('link.successTitle', { provider: name })} className={s.page} testId="link-result">
        <p className={s.success} data-testid="link-success">
          {t('link.successBody')}
        </p>
        <div className={s.actions}>
          <RouteLink route="account-protection-price" className={buttonClass()}>
            {t('link.seeOrders')}
          </RouteLink>
          <RouteLink route="account-protection-accounts">{t('link.toAccounts')}</RouteLink>
        </div>
      </Page>
    )
  }

  const reason = query.get('reason')
  return (
    <Page title={t('link.failedTitle')} className={s.page} testId="link-result">
      <p role="alert" className={s.alert} data-testid="link-failure">
        {isFailure(reason) ? t(`link.reason.${reason}`) : t('link.generic')}
      </p>
      <div className={s.actions}>
        <RouteLink route="account-protection-accounts" className={buttonClass()}>
          {t('link.back')}
        </RouteLink>
      </div>
    </Page>
  )
}
