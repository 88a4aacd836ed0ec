import { Button, useServices, useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { PaymentForm } from '../components/PaymentForm'
import s from '../components/upsell.module.css'
import { useEndActions } from '../components/useEndActions'
import { offerValues, soldPlan } from '../lander'
import type { BlockProps } from './types'

/**
 * The upsell page: one more plan (`props.plan`, else the offer's plan; the shipping add-on by default)
 * with its price, a yes that asks for the card, and a no that records the decline and goes to the
 * declined page.
 */
function Upsell({ lander, step, index, onDone, finish, tpsha1 }: BlockProps) {
  const { t, i18n } = useTranslation('upsell')
  const { events } = useServices()
  const session = useSession()
  const [yes, setYes] = useState(false)
  const plan = soldPlan(lander, step, 'shipping')
  const data = { lander: lander.id, step: index + 1 }
  const end = useEndActions(plan, data, tpsha1)
  const v = offerValues(lander.offer, i18n.language)
  const no = async () => {
    await end.optOut()
    finish('declined')
  }
  return (
    <div className={s.form} data-testid="upsell">
      <p>{t(`upsell.pitch.${plan}`, v)}</p>
      {!yes ? (
        <div className={s.actions}>
          <Button
            size="large"
            block
            onClick={() =>
              session.authenticated ? setYes(true) : events.emit('open-auth', { tab: 'login' })
            }
          >
            {t('upsell.yes')}
          </Button>
          <Button variant="link" onClick={no}>
            {t('upsell.no')}
          </Button>
        </div>
      ) : (
        <PaymentForm
          plan={plan}
          tpsha1={tpsha1}
          trackData={data}
          submitLabel={t('upsell.add')}
          onAccepted={(sub) => {
            end.converted(sub)
            onDone({ subscription_id: sub.id })
          }}
          onOptOut={no}
          onFailure={() => finish('failure')}
        />
      )}
    </div>
  )
}

export default observer(Upsell)
