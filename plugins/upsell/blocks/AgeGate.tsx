import { Button, constants, useTranslation } from '@core'
import { useState } from 'react'
import s from '../components/styles'
import type { BlockProps } from './types'

/** SPEC 5: participants confirm they are 18 or older with the agree button. */
export default function AgeGate({ onDone }: BlockProps) {
  const { t } = useTranslation('upsell')
  const [under, setUnder] = useState(false)
  const age = constants.minimumAge
  return (
    <div className={s.form} data-testid="age-gate">
      <p>{t('ageGate.body', { age })}</p>
      {under ? (
        <p className={s.alert} role="alert">
          {t('ageGate.under', { age })}
        </p>
      ) : null}
      <Button size="large" block onClick={() => onDone({ age_confirmed: true })}>
        {t('ageGate.agree', { age })}
      </Button>
      <Button variant="link" onClick={() => setUnder(true)}>
        {t('ageGate.decline', { age })}
      </Button>
    </div>
  )
}
