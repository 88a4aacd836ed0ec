import { Link, useLocation } from 'react-router-dom'
import { Button, constants, storage, useDocumentTitle, useServices, useTranslation } from '../../../src/index'
import s from '../components/upsell.module.css'
import { cardBrandName } from '../forms'

/**
 * /updatepay_method (guests; e.g. from an expired-card email): the card on file can only change
 * after a sign-in (POST /api/account/payment-method needs it), so this page says so and opens the
 * sign-in; after it, the member lands on the account's billing page (the route of account/BillingPage).
 */
export default function UpdatePaymentMethodPage() {
  const { t } = useTranslation('upsell')
  const { events, config } = useServices()
  const { search } = useLocation()
  const brand = cardBrandName(new URLSearchParams(search).get('brand'))
  const title = brand ? t('updatePay.title', { brand }) : t('updatePay.titleGeneric')
  useDocumentTitle(title)
  const billing = config.routes.find(
    (r) => 'screen' in r && r.screen === 'account/BillingPage' && !r.path.includes(':'),
  )
  const signIn = () => {
    if (billing) storage.set(constants.storageKeys.loginRedirect, billing.path)
    events.emit('open-auth', { tab: 'login' })
  }
  return (
    <section className={s.doc} aria-labelledby="updatepay-title" data-testid="update-payment">
      <h1 id="updatepay-title">{title}</h1>
      <p>{brand ? t('updatePay.body', { brand }) : t('updatePay.bodyGeneric')}</p>
      <p className={s.honest}>{t('updatePay.why')}</p>
      <p className={s.actions}>
        <Button size="large" block onClick={signIn}>
          {t('updatePay.signIn')}
        </Button>
      </p>
      <p className={s.hint}>{t('updatePay.noCharge')}</p>
      <p>
        {t('updatePay.cancel')} <Link to="/cancel-subscription">{t('updatePay.cancelLink')}</Link>
      </p>
    </section>
  )
}
