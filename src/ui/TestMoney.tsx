import { useTranslation } from '../i18n/use-translation'
import s from './test-money.module.css'

/**
 * The label of test money (issue 25): a ledger row or an amount booked by a development stand-in, not
 * by a real partner, and never paid out. The word shows; the title and the text read aloud say why.
 */
export function TestMoneyLabel() {
  // its texts load with the first label (src/i18n: 'core-on-demand'); until then nothing shows, and
  // the page around it does not suspend
  const { t, ready } = useTranslation('core-on-demand', { useSuspense: false })
  if (!ready) return null
  const why = t('testMoney.why')
  return (
    <span className={s.label} title={why} data-testid="test-money">
      <span aria-hidden="true">{t('testMoney.label')}</span>
      <span className="visually-hidden">{`${t('testMoney.label')}: ${why}`}</span>
    </span>
  )
}
