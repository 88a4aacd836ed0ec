import {
  constants,
  formatCents,
  Lead,
  Page,
  pathTo,
  type RuntimeConfig,
  routeAt,
  useServices,
  useTranslation,
} from '@core'
import { observer } from 'mobx-react-lite'
import { Link, useSearchParams } from 'react-router-dom'
import { leaveUrl } from '../api'
import { OnboardingStart } from '../components/OnboardingStart'
import s from '../components/styles'

/**
 * Where 'skip' goes: the page the member was going to (`?next=`, same origin only), else home; never
 * the onboarding page itself (which page a path is, the route resolver says).
 */
export function skipTo(
  config: Pick<RuntimeConfig, 'routes' | 'redirects' | 'landers' | 'absent'>,
  next: string | null,
): string {
  const home = pathTo(config, 'home') ?? '/'
  if (!next?.startsWith('/')) return home
  const url = leaveUrl(next)
  if (!url) return home
  const u = new URL(url)
  return routeAt(config, u.pathname)?.name === 'account-onboarding'
    ? home
    : `${u.pathname}${u.search}${u.hash}`
}

/**
 * /account/onboarding (open; SPEC 4 sends a member with coin_onboarding 0 here after login): what
 * coins are and what they are worth, the onboarding survey, or skip to where they were going.
 */
export default observer(function OnboardingPage() {
  const { t, i18n } = useTranslation('coins')
  const { session, config } = useServices()
  const [search] = useSearchParams()
  const perDollar = constants.coinWithdrawal.coinsPerDollar
  return (
    <Page title={t('welcome.title')} className={s.page} testId="coin-onboarding">
      <Lead>{t('welcome.lead')}</Lead>
      <p className={s.big} data-testid="coin-worth">
        {t('welcome.worth', { coins: perDollar, dollars: formatCents(100, i18n.language) })}
      </p>
      <ol className={s.steps}>
        <li>{t('welcome.step1')}</li>
        <li>{t('welcome.step2')}</li>
        <li>{t('welcome.step3')}</li>
      </ol>
      <OnboardingStart signedIn={session.authenticated} startLabel={t('welcome.start')} />
      <p className={s.links}>
        <Link to={skipTo(config, search.get('next'))} data-testid="onboarding-skip">
          {t('welcome.skip')}
        </Link>
      </p>
    </Page>
  )
})
