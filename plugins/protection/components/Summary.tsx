import { Figures, Money, RouteLink, useTranslation } from '@core'
import type { ReactNode } from 'react'
import type { Notice } from '../contract'
import { formatDay, formatList } from './dates'
import { providerName } from './providers'
import s from './styles'

/** A page's figures: what was recovered this calendar year and how many orders (or parcels) are watched. */
export function Recovered({
  cents,
  count,
  countLabel,
}: {
  cents: number
  count: number
  countLabel: ReactNode
}) {
  const { t } = useTranslation('protection')
  return (
    <Figures
      items={[
        { label: t('watch.recovered'), value: <Money cents={cents} />, testId: 'recovered-year' },
        { label: countLabel, value: count, testId: 'watched-count' },
      ]}
    />
  )
}

/** Providers that did not answer: the page shows the last known state, and says so. */
export function ProtectionNotice({ notice }: { notice: Notice }) {
  const { t, i18n } = useTranslation('protection')
  if (!notice) return null
  return (
    <p role="status" className={s.alert} data-testid="protection-notice">
      {t('watch.notice', {
        providers: formatList(notice.providers.map(providerName), i18n.language),
        date: formatDay(notice.since, i18n.language),
      })}
    </p>
  )
}

/** No linked account yet: what to do next. */
export function LinkFirst() {
  const { t } = useTranslation('protection')
  return (
    <div className={s.card} data-testid="protection-empty">
      <p className={s.line}>{t('watch.empty')}</p>
      <div className={s.actions}>
        <RouteLink route="account-protection-accounts">{t('watch.emptyLink')}</RouteLink>
      </div>
    </div>
  )
}
