import { Button, pathTo, RouteLink, useDocumentTitle, useServices, useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { useNavigate } from 'react-router-dom'
import { PaymentForm } from '../components/PaymentForm'
import s from '../components/upsell.module.css'
import { useEndActions } from '../components/useEndActions'

const PERKS = ['rebates', 'coupons', 'protection', 'coins'] as const

/** The plus membership page: what it gives, the honest price and trial, join or manage. */
function PlusPage() {
  const { t } = useTranslation('upsell')
  const { events, config } = useServices()
  const session = useSession()
  const navigate = useNavigate()
  const end = useEndActions('plus', { from: 'plus-page' })
  useDocumentTitle(t('plus.title'))
  const member = session.member
  const isPlus = Boolean(member?.plus)
  return (
    <div className={s.lander} data-testid="plus-page">
      <header className={s.hero}>
        <h1>{t('plus.title')}</h1>
        <p className={s.lead}>{t('plus.lead')}</p>
      </header>
      <div className={s.layout}>
        <section className={s.card} aria-labelledby="plus-join">
          <h2 id="plus-join" className={s.stepTitle}>
            {isPlus ? t('plus.memberTitle') : t('plus.joinTitle')}
          </h2>
          {isPlus ? (
            <p>
              {t('plus.member')} <RouteLink route="spsummary">{t('end.summary')}</RouteLink> ·{' '}
              <RouteLink route="cancel-subscription">{t('end.cancel')}</RouteLink>
            </p>
          ) : member ? (
            <PaymentForm
              plan="plus"
              trackData={{ from: 'plus-page' }}
              onAccepted={(sub) => {
                end.converted(sub)
                void session.resync()
                navigate(pathTo(config, 'splthanq') ?? '/')
              }}
              onOptOut={async () => {
                await end.optOut()
                navigate(pathTo(config, 'splnothanq') ?? '/')
              }}
              onFailure={() => navigate(pathTo(config, 'payment-error') ?? '/')}
            />
          ) : (
            <>
              <p>{t('plus.signInFirst')}</p>
              <Button size="large" block onClick={() => events.emit('open-auth', { tab: 'register' })}>
                {t('plus.join')}
              </Button>
            </>
          )}
        </section>
        <section className={`${s.card} ${s.terms}`} aria-labelledby="plus-perks">
          <h2 id="plus-perks">{t('plus.perksTitle')}</h2>
          <ul>
            {PERKS.map((p) => (
              <li key={p}>{t(`plus.perks.${p}`)}</li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  )
}

export default observer(PlusPage)
