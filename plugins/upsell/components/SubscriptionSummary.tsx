import { formatCents, useServices, useTranslation } from '@core'
import type { TFunction } from 'i18next'
import { useEffect, useState } from 'react'
import { getSubscriptions, type Subscription } from '../api'
import { formatDate } from '../lander'
import s from './upsell.module.css'

/** One subscription's next charge, in words: the end of its trial or its next billing date, and the amount. */
export function chargeLine(t: TFunction, x: Subscription, lng: string): string {
  const amount = formatCents(x.price_cents, lng)
  if (x.status === 'trialing' && x.trial_ends_at) {
    return t('summary.trial', { date: formatDate(new Date(x.trial_ends_at), lng), amount })
  }
  const date = x.next_billing_at ? formatDate(new Date(x.next_billing_at), lng) : ''
  return t('summary.active', { date, amount })
}

/** What the member now pays and when: the honest summary on the accepted and summary pages. */
export function SubscriptionSummary({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation('upsell')
  const { http } = useServices()
  const [subs, setSubs] = useState<Subscription[] | null>(null)
  useEffect(() => {
    if (!signedIn) return
    getSubscriptions(http).then(setSubs, () => setSubs([]))
  }, [http, signedIn])
  const live = (subs ?? []).filter((x) => x.status !== 'cancelled')
  if (!live.length) return null
  const lng = i18n.language
  return (
    <dl className={s.summary} data-testid="subscription-summary">
      {live.map((x) => (
        <div key={x.id}>
          <dt>{t(`plans.${x.plan}`)}</dt>
          <dd>{chargeLine(t, x, lng)}</dd>
        </div>
      ))}
    </dl>
  )
}
