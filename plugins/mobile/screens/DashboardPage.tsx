import { formatWhole, Part, RouteLink, useHasPart, usePath, useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { MobilePage } from '../components/MobilePage'
import s from '../components/mobile.module.css'
import { SignInPrompt } from '../components/SignInPrompt'

/**
 * /mobile/dashboard: the member's balances (cash back, coins where the brand has them) with what is
 * pending and when it becomes payable (the account plugin's 'account.balances' part), the plus and
 * shipping status, and shortcuts. A visitor sees how to sign in.
 */
export default observer(function DashboardPage() {
  const { t, i18n } = useTranslation('mobile')
  const session = useSession()
  const coins = useHasPart('coins.withdrawal')
  const here = usePath('mobile-dashboard') ?? '/'
  const m = session.member
  if (!session.authenticated || !m)
    return (
      <MobilePage title={t('dashboard.title')} testId="mobile-dashboard">
        <SignInPrompt next={here} />
      </MobilePage>
    )
  const shortcuts = [
    { route: 'mobile-rebates', label: t('shortcuts.rebates') },
    { route: 'mobile-subscriptions', label: t('shortcuts.subscriptions') },
    { route: 'mobile-billing', label: t('shortcuts.billing') },
    ...(coins ? [{ route: 'mobile-coin-withdrawal', label: t('shortcuts.coinWithdrawal') }] : []),
  ]
  return (
    <MobilePage title={t('dashboard.title')} testId="mobile-dashboard">
      <p>{t('dashboard.hello', { name: m.name || m.email })}</p>
      <section aria-labelledby="balances-title">
        <h2 id="balances-title">{t('dashboard.balances')}</h2>
        <Part
          name="account.balances"
          coins={coins}
          loading={<p role="status">{t('loading')}</p>}
          fallback={<p>{t('dashboard.noBalances')}</p>}
        />
      </section>
      <section aria-labelledby="memberships-title">
        <h2 id="memberships-title">{t('dashboard.memberships')}</h2>
        <ul className={s.status} data-testid="mobile-memberships">
          <li data-testid="plus-status">{m.plus ? t('dashboard.plusOn') : t('dashboard.plusOff')}</li>
          <li data-testid="shipping-status">
            {m.shipping ? t('dashboard.shippingOn') : t('dashboard.shippingOff')}
          </li>
          {coins && m.coins !== null ? (
            <li data-testid="coin-status">
              {t('dashboard.coins', {
                count: m.coins,
                value: formatWhole(m.coins, i18n.language),
              })}
            </li>
          ) : null}
        </ul>
      </section>
      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title">{t('dashboard.shortcuts')}</h2>
        <ul className={s.shortcuts} data-testid="mobile-shortcuts">
          {shortcuts.map((x) => (
            <li key={x.route}>
              <RouteLink className={s.shortcut} route={x.route}>
                {x.label} <span aria-hidden="true">›</span>
              </RouteLink>
            </li>
          ))}
        </ul>
      </section>
    </MobilePage>
  )
})
