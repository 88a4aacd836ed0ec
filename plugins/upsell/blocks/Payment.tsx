import { Button, useServices, useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { PaymentForm } from '../components/PaymentForm'
import s from '../components/upsell.module.css'
import { useEndActions } from '../components/useEndActions'
import { soldPlan } from '../lander'
import type { BlockProps } from './types'

/**
 * The payment step of a lander: the plan it names (`props.plan`, else the offer's; plus by default),
 * then the lander's end pages.
 */
function Payment({ lander, step, index, onDone, finish, tpsha1 }: BlockProps) {
  const { t } = useTranslation('upsell')
  const { events } = useServices()
  const session = useSession()
  const plan = soldPlan(lander, step, 'plus')
  const data = { lander: lander.id, step: index + 1 }
  const end = useEndActions(plan, data, tpsha1)
  if (!session.authenticated) {
    return (
      <div className={s.form}>
        <p>{t('payment.signInFirst')}</p>
        <Button size="large" block onClick={() => events.emit('open-auth', { tab: 'register' })}>
          {t('payment.signIn')}
        </Button>
      </div>
    )
  }
  return (
    <PaymentForm
      plan={plan}
      tpsha1={tpsha1}
      trackData={data}
      onAccepted={(sub) => {
        end.converted(sub)
        onDone({ subscription_id: sub.id })
      }}
      onOptOut={async () => {
        await end.optOut()
        finish('declined')
      }}
      onFailure={() => finish('failure')}
    />
  )
}

export default observer(Payment)
