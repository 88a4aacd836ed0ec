import {
  Button,
  constants,
  Dialog,
  errorText,
  formatCents,
  Page,
  pathTo,
  RouteLink,
  useServices,
  useSession,
} from '@core'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { useAccountPages } from '../texts'
import { cancelSubscription, getSubscriptions, type PlanId, type Subscription } from './api'
import { Loaded, useLoad } from './Loaded'
import s from './styles'
import { formatDate } from './text'

/**
 * /account/subscription (plus) and /account/shipsubscription (shipping): the status, the next charge
 * with its date and amount, and a one-flow cancel: one button, one confirm dialog, done.
 */
export const Membership = observer(function Membership({ plan }: { plan: PlanId }) {
  const { t } = useAccountPages()
  return (
    <Page title={t(`member.subscription.title.${plan}`)} className={s.page} testId="subscription-page">
      <MembershipView plan={plan} />
    </Page>
  )
})

/** The membership's status, next charge and cancel flow, without a page frame (the screens and the 'account.subscriptions' part). */
export const MembershipView = observer(function MembershipView({ plan }: { plan: PlanId }) {
  const { t, i18n } = useAccountPages()
  const { http, cookies, track, config } = useServices()
  const session = useSession()
  const load = useCallback(async () => {
    const all = await getSubscriptions(http)
    // the live one of this plan, else the latest cancelled one
    const mine = all.filter((x) => x.plan === plan)
    return mine.find((x) => x.status !== 'cancelled') ?? mine.at(-1) ?? null
  }, [http, plan])
  const { state, reload, setData } = useLoad<Subscription | null>(load)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [done, setDone] = useState(false)
  const doneRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (done) doneRef.current?.focus()
  }, [done])
  const lng = i18n.language
  const name = t(`member.plans.${plan}`)
  // a past-due membership links to the billing page, where a new card is charged at once
  const billingPath = pathTo(config, 'account-billing') ?? '/'

  async function cancel() {
    setBusy(true)
    setError('')
    try {
      const sub = await cancelSubscription(http, plan)
      if (plan === 'plus') cookies.remove(constants.plusSubscriptionCookie.name)
      track('subscription_cancelled', { plan })
      setData(() => sub)
      setAsking(false)
      setDone(true)
      void session.resync()
    } catch (e) {
      setError(errorText(t, e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Loaded state={state} retry={reload}>
      {(sub) => {
        const live = sub && sub.status !== 'cancelled' ? sub : null
        return (
          <>
            {done && sub ? (
              <p ref={doneRef} tabIndex={-1} role="status" className={s.ok} data-testid="cancel-done">
                {t('member.subscription.cancelled', {
                  plan: name,
                  date: formatDate(sub.cancelled_at ?? new Date().toISOString(), lng),
                })}
              </p>
            ) : null}
            <section className={s.card} aria-labelledby={`membership-status-${plan}`}>
              <h2 id={`membership-status-${plan}`}>{name}</h2>
              <p>
                {t('member.subscription.statusLabel')}{' '}
                <span className={s.status} data-testid="subscription-status">
                  {t(`member.subscription.status.${sub?.status ?? 'none'}`)}
                </span>
              </p>
              {live?.status === 'past_due' ? (
                <p role="alert" data-testid="past-due">
                  {t('member.subscription.pastDue', { date: formatDate(live.next_billing_at, lng) })}{' '}
                  <Link to={billingPath}>{t('member.subscription.updateCard')}</Link>
                </p>
              ) : null}
              {live ? (
                <dl>
                  <dt>{t('member.subscription.nextCharge')}</dt>
                  <dd data-testid="next-charge">
                    {live.next_billing_at
                      ? t('member.subscription.nextChargeText', {
                          date: formatDate(live.next_billing_at, lng),
                          amount: formatCents(live.price_cents, lng),
                        })
                      : t('member.subscription.noCharge')}
                  </dd>
                  {live.status === 'trialing' && live.trial_ends_at ? (
                    <>
                      <dt>{t('member.subscription.trialEnds')}</dt>
                      <dd>{formatDate(live.trial_ends_at, lng)}</dd>
                    </>
                  ) : null}
                </dl>
              ) : (
                <p>
                  {sub?.status === 'cancelled'
                    ? t('member.subscription.endedOn', { date: formatDate(sub.cancelled_at, lng) })
                    : t('member.subscription.none', { plan: name })}{' '}
                  {config.plugins.includes('upsell') && plan === 'plus' ? (
                    <RouteLink route="plus">{t('member.subscription.join')}</RouteLink>
                  ) : null}
                </p>
              )}
              {live ? (
                <Button variant="secondary" onClick={() => setAsking(true)}>
                  {t('member.subscription.cancel', { plan: name })}
                </Button>
              ) : null}
            </section>
            {asking && live ? (
              <Dialog
                title={t('member.subscription.confirmTitle', { plan: name })}
                onClose={() => !busy && setAsking(false)}
                closeLabel={t('member.close')}
                size="small"
                testId="cancel-dialog"
              >
                <p>
                  {t('member.subscription.confirmBody', {
                    plan: name,
                    date: formatDate(live.next_billing_at, lng),
                  })}
                </p>
                {error ? (
                  <p role="alert" className={s.alert}>
                    {error}
                  </p>
                ) : null}
                <div className={s.actions}>
                  <Button onClick={cancel} disabled={busy} aria-busy={busy}>
                    {t('member.subscription.confirm')}
                  </Button>
                  <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
                    {t('member.subscription.keep', { plan: name })}
                  </Button>
                </div>
              </Dialog>
            ) : null}
          </>
        )
      }}
    </Loaded>
  )
})
