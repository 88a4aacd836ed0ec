import type { Lander } from '@core'
import type { TFunction } from 'i18next'
import s from './upsell.module.css'

/** The lander's title: its copy key with the offer filled in, or the plugin's default title. */
export function landerTitle(lander: Lander, t: TFunction, values: Record<string, unknown>): string {
  return lander.copy.title ? t(lander.copy.title, values) : t('title')
}

/**
 * The top of a lander: badge, title and lead. The lander screen and its static first paint
 * (LanderFirstPaint) both draw it, so the page looks the same before and after the app starts.
 */
export function LanderHero({
  lander,
  t,
  values,
}: {
  lander: Lander
  t: TFunction
  values: Record<string, unknown>
}) {
  return (
    <header className={s.hero}>
      {lander.copy.badge ? <p className={s.badge}>{t(lander.copy.badge, values)}</p> : null}
      <h1>{landerTitle(lander, t, values)}</h1>
      {lander.copy.subtitle ? <p className={s.lead}>{t(lander.copy.subtitle, values)}</p> : null}
    </header>
  )
}
