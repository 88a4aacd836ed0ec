import { type FirstPaintProps, useTranslation } from '@core'
import { LanderHero } from '../components/LanderHero'
import s from '../components/upsell.module.css'
import { offerValues } from '../lander'

/**
 * The first paint of a lander (src/first-paint): its hero, rendered to HTML at build time, so the
 * largest text is on screen before any script has run. The steps below it come with the app.
 */
export default function LanderFirstPaint({ config, language, lander: landerId }: FirstPaintProps) {
  const { t } = useTranslation('upsell')
  const lander = config.landers?.landers.find((l) => l.id === landerId)
  if (!lander) return null
  return (
    <div className={s.lander}>
      <LanderHero lander={lander} t={t} values={offerValues(lander.offer, language)} />
    </div>
  )
}
