import { badgeClass, formatWhole, RouteLink, useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import s from './balance.module.css'

/**
 * 'header.actions': the member's coin balance (the session view's `coins`), linking to the coin
 * history. It follows the session: the token sync at start-up and every `session.resync()` (the survey
 * complete page reads the session again when the platform's postback has landed).
 */
export default observer(function CoinBalance() {
  const { t, i18n } = useTranslation('coins-header')
  const session = useSession()
  const coins = session.member?.coins
  if (!session.authenticated || coins === null || coins === undefined) return null
  const value = formatWhole(coins, i18n.language)
  return (
    <RouteLink
      route="account-coin-history"
      className={`${badgeClass} ${s.balance}`}
      aria-label={t('balance', { count: coins, value })}
      data-testid="header-coins"
    >
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="10" fill="#f5b301" />
        <circle cx="12" cy="12" r="6.5" fill="none" stroke="#a87700" strokeWidth="2" />
      </svg>
      <span data-testid="header-coins-value">{value}</span>
    </RouteLink>
  )
})
