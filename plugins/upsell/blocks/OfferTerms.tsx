import { useTranslation } from '@core'
import s from '../components/upsell.module.css'
import { offerValues } from '../lander'
import type { BlockProps } from './types'

/**
 * SPEC 1 offer terms, with the lander's offer fields filled in: the trial then monthly billing until
 * cancelled, first-time members only, proof of purchase, claims within 30 days, 18 or older, the
 * coupon bonus. A lander without a trial or without a plan amount leaves those sentences out.
 */
export default function OfferTerms({ lander }: BlockProps) {
  const { t, i18n } = useTranslation('upsell')
  const v = offerValues(lander.offer, i18n.language)
  const { offer } = lander
  return (
    <div className={`${s.card} ${s.terms}`} data-testid="offer-terms">
      <h2>{t('terms.title')}</h2>
      <ul>
        {offer.planAmount !== undefined ? (
          <li>
            {offer.trialDays ? t(offer.price ? 'terms.trial' : 'terms.trialFree', v) : t('terms.monthly', v)}
          </li>
        ) : null}
        {offer.firstOrderCashback !== undefined || offer.cashbackOverride !== undefined ? (
          <li>{t('terms.cashback', v)}</li>
        ) : null}
        {offer.merchant ? <li>{t('terms.merchant', v)}</li> : null}
        {offer.start_date ? <li>{t('terms.startDate', v)}</li> : null}
        <li>{t('terms.firstTime', v)}</li>
        <li>{t('terms.proof', v)}</li>
        <li>{t('terms.claims', v)}</li>
        <li>{t('terms.age', v)}</li>
        <li>{t('terms.coupon', v)}</li>
      </ul>
    </div>
  )
}
