import { Link, useNavigate } from 'react-router-dom'
import { useTranslation } from '../../../src/index'
import { EndPage } from '../components/EndPage'
import s from '../components/upsell.module.css'

/** /payment-error: the payment failed; try again or opt out. */
export default function PaymentErrorPage() {
  const { t } = useTranslation('upsell')
  const navigate = useNavigate()
  return (
    <EndPage testId="payment-error-page" title={t('failure.title')}>
      <p>{t('failure.body')}</p>
      <p className={s.actions} style={{ justifyContent: 'center' }}>
        <button type="button" className={s.secondary} onClick={() => navigate(-1)}>
          {t('failure.retry')}
        </button>
        <Link to={`/spoptout${window.location.search}`}>{t('payment.optOut')}</Link>
      </p>
    </EndPage>
  )
}
