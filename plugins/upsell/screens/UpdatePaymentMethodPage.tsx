import {
  Button,
  constants,
  focusFirstError,
  formatCents,
  HttpError,
  LoadView,
  RouteLink,
  storage,
  useDocumentTitle,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import { type FormEvent, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { getUpdateMethod, tokenizeCard, updateMethod } from '../api'
import { CardFields, useCardForm } from '../components/CardFields'
import { useErrorText, withErrors } from '../components/errorText'
import form from '../components/styles'
import s from '../components/upsell.module.css'
import type { UpdateMethodInfoReply } from '../contract'
import { cardBrandName, type FieldErrors, serverErrors, validateCard } from '../forms'

const ORDER = ['card_number', 'zip', 'cvv', 'exp']
type LinkInfo = UpdateMethodInfoReply['data']
type Linked = { kind: 'ok'; info: LinkInfo } | { kind: 'expired' } | { kind: 'ended' }

/**
 * /updatepay_method?token=… (the link of a declined-renewal mail, issue 27): a real card form, no
 * sign-in (the signed link is the key). The card goes to the payment provider's tokenizer; the token
 * replaces the membership's card and a past-due membership is charged at once. Paid, declined or an
 * expired link: each said in the page's language.
 */
function UpdateByLink({ token }: { token: string }) {
  const { t, i18n } = useTranslation('upsell')
  const text = useErrorText()
  const { http } = useServices()
  const ref = useRef<HTMLFormElement>(null)
  const { card, setCard, errors, setErrors, set } = useCardForm()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<'paid' | 'saved' | null>(null)
  const linked = useLoad(`updatepay:${token}`, async (): Promise<Linked> => {
    try {
      return { kind: 'ok', info: await getUpdateMethod(http, token) }
    } catch (e) {
      if (e instanceof HttpError && e.status === 404) return { kind: 'expired' }
      if (e instanceof HttpError && e.status === 410) return { kind: 'ended' }
      throw e
    }
  })
  async function submit(e: FormEvent, info: LinkInfo) {
    e.preventDefault()
    const found = validateCard(card)
    setErrors(found)
    if (Object.keys(found).length) return focusFirstError(ref.current, withErrors(ORDER, found))
    setBusy(true)
    try {
      const pm = await tokenizeCard(http, card)
      await updateMethod(http, token, pm.id)
      setDone(info.status === 'past_due' ? 'paid' : 'saved')
    } catch (err) {
      setBusy(false)
      let next: FieldErrors = { general: 'failure.body' }
      if (err instanceof HttpError && err.status === 402) {
        setCard((c) => ({ ...c, cvv: '' }))
        next = { card_number: 'errors.declined' }
      } else if (err instanceof HttpError && (err.status === 404 || err.status === 410)) {
        linked.retry()
        return
      } else if (err instanceof HttpError && err.status === 422 && err.errors) {
        const { payment_method: methodError, ...fields } = serverErrors(err.errors, err.codes)
        next = methodError ? { ...fields, general: methodError } : fields
      }
      setErrors(next)
      focusFirstError(ref.current, withErrors(ORDER, next))
    }
  }
  return (
    <LoadView load={linked} what={t('updatePay.loadError')} rows={3}>
      {(l) => {
        if (l.kind === 'expired')
          return (
            <p role="alert" data-testid="updatepay-expired">
              {t('updatePay.expired')}
            </p>
          )
        if (l.kind === 'ended')
          return (
            <p role="alert" data-testid="updatepay-ended">
              {t('updatePay.ended')}
            </p>
          )
        const info = l.info
        const amount = formatCents(info.price_cents, i18n.language)
        if (done)
          return (
            <p role="status" className={s.honest} data-testid="updatepay-done">
              {done === 'paid' ? t('updatePay.paid', { amount }) : t('updatePay.saved')}
            </p>
          )
        return (
          <form
            ref={ref}
            className={form.form}
            noValidate
            onSubmit={(e) => submit(e, info)}
            data-testid="updatepay-form"
          >
            <h2>{t('updatePay.linkTitle', { plan: t(`updatePay.plan.${info.plan}`) })}</h2>
            {info.status === 'past_due' ? (
              <p data-testid="updatepay-pastdue">{t('updatePay.pastDue', { amount })}</p>
            ) : null}
            {info.last4 ? <p>{t('updatePay.onFile', { last4: info.last4 })}</p> : null}
            <CardFields idPrefix="upd" card={card} errors={errors} onChange={set} rowClassName={form.row} />
            {errors.general ? (
              <p className={form.alert} role="alert">
                {text(errors.general)}
              </p>
            ) : null}
            <Button type="submit" size="large" block disabled={busy} aria-busy={busy}>
              {busy
                ? t('updatePay.saving')
                : info.status === 'past_due'
                  ? t('updatePay.savePay', { amount })
                  : t('updatePay.save')}
            </Button>
          </form>
        )
      }}
    </LoadView>
  )
}

/**
 * /updatepay_method: with a mailed link's `?token=`, the card form of that membership (UpdateByLink);
 * without one (e.g. an expired-card email), the card on file can only change after a sign-in (POST
 * /api/account/payment-method needs it), so this page says so and opens the sign-in; after it, the
 * member lands on the account's billing page (the route of account/BillingPage).
 */
export default function UpdatePaymentMethodPage() {
  const { t } = useTranslation('upsell')
  const { events, config } = useServices()
  const { search } = useLocation()
  const params = new URLSearchParams(search)
  const token = params.get('token')
  const brand = cardBrandName(params.get('brand'))
  const title = brand ? t('updatePay.title', { brand }) : t('updatePay.titleGeneric')
  useDocumentTitle(title)
  const billing = config.routes.find(
    (r) => 'screen' in r && r.screen === 'account/BillingPage' && !r.path.includes(':'),
  )
  const signIn = () => {
    if (billing) storage.set(constants.storageKeys.loginRedirect, billing.path)
    events.emit('open-auth', { tab: 'login' })
  }
  return (
    <section className={s.doc} aria-labelledby="updatepay-title" data-testid="update-payment">
      <h1 id="updatepay-title">{title}</h1>
      <p>{brand ? t('updatePay.body', { brand }) : t('updatePay.bodyGeneric')}</p>
      {token ? (
        <UpdateByLink token={token} />
      ) : (
        <>
          <p className={s.honest}>{t('updatePay.why')}</p>
          <p className={s.actions}>
            <Button size="large" block onClick={signIn}>
              {t('updatePay.signIn')}
            </Button>
          </p>
          <p className={s.hint}>{t('updatePay.noCharge')}</p>
        </>
      )}
      <p>
        {t('updatePay.cancel')} <RouteLink route="cancel-subscription">{t('updatePay.cancelLink')}</RouteLink>
      </p>
    </section>
  )
}
