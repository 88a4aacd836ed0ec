import {
  Button,
  constants,
  focusFirstError,
  formatCents,
  HttpError,
  RouteLink,
  useServices,
  useTranslation,
} from '@core'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { getPlans, type Plan, type PlanId, type Subscription, subscribe, tokenizeCard } from '../api'
import { type FieldErrors, serverErrors, validateCard } from '../forms'
import { formatDate, trialEnd } from '../lander'
import { CardFields, useCardForm } from './CardFields'
import { useErrorText, withErrors } from './errorText'
import s from './styles'

const ORDER = ['card_number', 'zip', 'cvv', 'exp']

export interface PaymentFormProps {
  plan: PlanId
  tpsha1?: string
  /** Extra data for the tracking events (the lander id, …). */
  trackData?: Record<string, unknown>
  submitLabel?: string
  onAccepted: (sub: Subscription) => void
  /** The opt-out link shown after a decline. */
  onOptOut: () => void
  /** Anything but a decline or a field error (server down, network). */
  onFailure: (e: unknown) => void
}

/**
 * SPEC 2.9 payment step: two mobile wallet options, card number, zip code, CVV and expiration with the
 * spec's 'cannot be empty' messages, nothing sent until valid. Beside the Pay button, the honest
 * part: what is charged today, the day the trial ends and the amount billed then, from GET /api/plans
 * (what the server will really bill). A decline keeps what was typed except the CVV, says why next
 * to the card number, and offers the opt-out link.
 */
export function PaymentForm({
  plan,
  tpsha1,
  trackData,
  submitLabel,
  onAccepted,
  onOptOut,
  onFailure,
}: PaymentFormProps) {
  const { t, i18n } = useTranslation('upsell')
  const text = useErrorText()
  const { http, track, cookies } = useServices()
  const form = useRef<HTMLFormElement>(null)
  const { card, setCard, errors, setErrors, set } = useCardForm()
  const [busy, setBusy] = useState(false)
  const [declined, setDeclined] = useState(false)
  const [wallet, setWallet] = useState('')
  const [info, setInfo] = useState<Plan | null | 'error'>(null)

  const load = useCallback(() => {
    setInfo(null)
    getPlans(http).then(
      (plans) => setInfo(plans.find((p) => p.plan === plan) ?? 'error'),
      () => setInfo('error'),
    )
  }, [http, plan])
  useEffect(load, [load])

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateCard(card)
    setErrors(found)
    if (Object.keys(found).length) return focusFirstError(form.current, withErrors(ORDER, found))
    setBusy(true)
    track('payment_submitted', { plan, ...trackData })
    try {
      // the card goes to the payment provider; our API gets only its token
      const pm = await tokenizeCard(http, card)
      const r = await subscribe(http, plan, pm.id, tpsha1)
      if (plan === 'plus')
        cookies.set(constants.plusSubscriptionCookie.name, '1', {
          days: constants.plusSubscriptionCookie.lifeDays,
        })
      track('upsell_accepted', { plan, subscription_id: r.data.id, ...trackData })
      onAccepted(r.data)
    } catch (err) {
      setBusy(false)
      if (err instanceof HttpError && err.status === 402) {
        track('payment_declined', { plan, ...trackData })
        setDeclined(true)
        setCard((c) => ({ ...c, cvv: '' }))
        const next: FieldErrors = { card_number: 'errors.declined' }
        setErrors(next)
        return focusFirstError(form.current, withErrors(ORDER, next))
      }
      if (err instanceof HttpError && err.status === 422 && err.errors) {
        const { plan: planError, payment_method: methodError, ...next } = serverErrors(err.errors, err.codes)
        // a refused trial (first-time members only) or a token to make again: said above the button
        if (planError || methodError) next.general = planError ?? methodError
        setErrors(next)
        return focusFirstError(form.current, withErrors(ORDER, next))
      }
      onFailure(err)
    }
  }

  const lng = i18n.language
  let honest = <p className={s.honest}>{t('payment.loadingPrice')}</p>
  if (info === 'error') {
    honest = (
      <p className={s.alert} role="alert">
        {t('payment.priceError')}{' '}
        <Button variant="link" onClick={load}>
          {t('payment.retry')}
        </Button>
      </p>
    )
  } else if (info) {
    const amount = formatCents(info.price_cents, lng)
    const today = formatCents(info.trial_days > 0 ? 0 : info.price_cents, lng)
    honest = (
      <p className={s.honest} data-testid="honest-terms">
        {info.trial_days > 0
          ? t('payment.honestTrial', {
              today,
              days: info.trial_days,
              date: formatDate(trialEnd(info.trial_days), lng),
              amount,
            })
          : t('payment.honestNow', { today, amount })}{' '}
        <RouteLink route="cancel-subscription">{t('payment.cancelAnytime')}</RouteLink>
      </p>
    )
  }

  return (
    <form
      ref={form}
      className={s.form}
      noValidate
      onSubmit={submit}
      data-testid="payment"
      aria-describedby="pay-honest"
    >
      <div className={s.wallets}>
        {(['apple', 'google'] as const).map((w) => (
          <button key={w} type="button" className={s.wallet} onClick={() => setWallet(w)}>
            {t(`payment.wallet.${w}`)}
          </button>
        ))}
      </div>
      <p role="status" className={wallet ? s.hint : 'visually-hidden'}>
        {wallet ? t('payment.walletUnavailable', { wallet: t(`payment.wallet.${wallet}`) }) : ''}
      </p>
      <p className={s.or}>{t('payment.orCard')}</p>
      <CardFields idPrefix="pay" card={card} errors={errors} onChange={set} rowClassName={s.row} />
      {errors.general ? (
        <p className={s.alert} role="alert">
          {text(errors.general)}
        </p>
      ) : null}
      <div id="pay-honest">{honest}</div>
      <Button type="submit" size="large" block disabled={busy || !info || info === 'error'} aria-busy={busy}>
        {busy ? t('payment.paying') : (submitLabel ?? t('payment.pay'))}
      </Button>
      {declined ? (
        <p>
          {t('payment.optOutBefore')}{' '}
          <Button variant="link" onClick={onOptOut} data-testid="opt-out">
            {t('payment.optOut')}
          </Button>
        </p>
      ) : null}
    </form>
  )
}
