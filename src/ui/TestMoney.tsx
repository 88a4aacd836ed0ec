import { useTranslation } from 'react-i18next'
import s from './test-money.module.css'

/**
 * The label of test money (issue 25): a ledger row or an amount booked by a development stand-in, not
 * by a real partner, and never paid out. The word shows; the title and the text read aloud say why.
 */
export function TestMoneyLabel() {
  const { t } = useTranslation('core')
  const why = t('testMoney.why')
  return (
    <span className={s.label} title={why} data-testid="test-money">
      <span aria-hidden="true">{t('testMoney.label')}</span>
      <span className="visually-hidden">{`${t('testMoney.label')}: ${why}`}</span>
    </span>
  )
}
