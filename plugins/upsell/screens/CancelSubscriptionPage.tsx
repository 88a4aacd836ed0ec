import {
  Button,
  constants,
  errorText,
  RouteLink,
  useDocumentTitle,
  useServices,
  useSession,
  useTranslation,
} from '@core'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import { cancelSubscription, getSubscriptions, type Subscription } from '../api'
import { chargeLine } from '../components/SubscriptionSummary'
import s from '../components/styles'
import { formatDate } from '../lander'

/**
 * /cancel-subscription: one page, one button per membership, a clear confirmation. No retention
 * maze: shorter than the sign-up it undoes.
 */
function CancelSubscriptionPage() {
  const { t, i18n } = useTranslation('upsell')
  const { http, events, cookies, track } = useServices()
  const session = useSession()
  const signedIn = Boolean(session.authenticated)
  useDocumentTitle(t('cancel.title'))
  const [subs, setSubs] = useState<Subscription[] | null | 'error'>(null)
  const [done, setDone] = useState<Subscription | null>(null)
  const [busy, setBusy] = useState('')
  const [error, setError] = useState('')
  const confirmation = useRef<HTMLParagraphElement>(null)
  const load = useCallback(() => {
    setSubs(null)
    getSubscriptions(http).then(setSubs, () => setSubs('error'))
  }, [http])
  useEffect(() => {
    if (signedIn) load()
  }, [signedIn, load])
  useEffect(() => {
    if (done) confirmation.current?.focus()
  }, [done])

  async function cancel(sub: Subscription) {
    setBusy(sub.plan)
    setError('')
    try {
      const r = await cancelSubscription(http, sub.plan)
      if (sub.plan === 'plus') cookies.remove(constants.plusSubscriptionCookie.name)
      track('subscription_cancelled', { plan: sub.plan })
      setDone(r.data)
      void session.resync()
      load()
    } catch (e) {
      setError(errorText(t, e))
    } finally {
      setBusy('')
    }
  }

  const lng = i18n.language
  const live = Array.isArray(subs) ? subs.filter((x) => x.status !== 'cancelled') : []
  return (
    <section className={s.centerLeft} aria-labelledby="cancel-title" data-testid="cancel-page">
      <h1 id="cancel-title">{t('cancel.title')}</h1>
      {done ? (
        <p
          ref={confirmation}
          tabIndex={-1}
          className={s.honest}
          role="status"
          data-testid="cancel-confirmation"
        >
          {t('cancel.done', {
            plan: t(`plans.${done.plan}`),
            date: formatDate(new Date(done.cancelled_at ?? Date.now()), lng),
          })}
        </p>
      ) : null}
      {!signedIn ? (
        <>
          <p>{t('cancel.signIn')}</p>
          <Button size="large" block onClick={() => events.emit('open-auth', { tab: 'login' })}>
            {t('cancel.signInButton')}
          </Button>
        </>
      ) : subs === null ? (
        <p role="status">{t('cancel.loading')}</p>
      ) : subs === 'error' ? (
        <p className={s.alert} role="alert">
          {t('cancel.loadError')}{' '}
          <Button variant="link" onClick={load}>
            {t('payment.retry')}
          </Button>
        </p>
      ) : live.length === 0 ? (
        <p>
          {done ? null : t('cancel.none')} <RouteLink route="plus">{t('end.plus')}</RouteLink>
        </p>
      ) : (
        live.map((x) => (
          <div key={x.id} className={s.listCard}>
            <h2 className={s.stepTitle}>{t(`plans.${x.plan}`)}</h2>
            <p>{chargeLine(t, x, lng)}</p>
            <p>{t('cancel.what')}</p>
            <Button
              size="large"
              block
              onClick={() => cancel(x)}
              disabled={busy !== ''}
              aria-busy={busy === x.plan}
            >
              {t('cancel.button', { plan: t(`plans.${x.plan}`) })}
            </Button>
          </div>
        ))
      )}
      {error ? (
        <p className={s.alert} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}

export default observer(CancelSubscriptionPage)
