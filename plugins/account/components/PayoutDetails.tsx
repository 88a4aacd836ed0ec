import { RouteLink, TestMoneyLabel } from '@core'
import type { Withdrawal } from '../contract'
import { useAccountPages } from '../texts'
import s from './styles'

/**
 * What a payout's status means in words (held, in review, sending, sent, paid, failed and returned,
 * not approved), why a returned one was returned, a gift card's code, and the test-money label of a
 * payout the development payout provider paid.
 */
export function PayoutDetails({ w }: { w: Withdrawal }) {
  const { t } = useAccountPages()
  const note = t(`withdraw.statusNote.${w.status}`, { defaultValue: '' })
  const returned = w.status === 'failed' || w.status === 'rejected'
  return (
    <>
      {note ? (
        <p className={s.muted} data-testid="payout-status-note">
          {note}
          {returned && w.failure_reason ? (
            <>
              {' '}
              {t('withdraw.returnedReason')} <span data-testid="payout-reason">{w.failure_reason}</span>
            </>
          ) : null}
        </p>
      ) : null}
      {w.gift_card_code ? (
        <p data-testid="payout-gift-code">
          {t('withdraw.giftCode')} <code>{w.gift_card_code}</code> ·{' '}
          <RouteLink route="account-gift-card-history">{t('withdraw.giftCodeLink')}</RouteLink>
        </p>
      ) : null}
      {w.test ? (
        <p className={s.muted} data-testid="payout-test">
          <TestMoneyLabel /> {t('withdraw.testPayout')}
        </p>
      ) : null}
    </>
  )
}
