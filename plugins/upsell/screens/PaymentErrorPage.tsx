import { Button, RouteLink, useTranslation } from '@core'
import { useNavigate } from 'react-router-dom'
import { EndPage } from '../components/EndPage'
import s from '../components/upsell.module.css'

/** /payment-error: the payment failed; try again or opt out. */
export default function PaymentErrorPage() {
  const { t } = useTranslation('upsell')
  const navigate = useNavigate()
  return (
    <EndPage testId="payment-error-page" title={t('failure.title')}>
      <p>{t('failure.body')}</p>
      <p className={s.centeredActions}>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          {t('failure.retry')}
        </Button>
        <RouteLink route="spoptout" suffix={window.location.search}>
          {t('payment.optOut')}
        </RouteLink>
      </p>
    </EndPage>
  )
}
