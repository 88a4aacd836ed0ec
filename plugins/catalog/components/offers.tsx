import {
  Button,
  constants,
  Dialog,
  errorText,
  HttpError,
  mobileOs,
  type Offer,
  pathTo,
  useApp,
  useTranslation,
} from '@core'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { catalogApi } from '../api'
import { safeUrl } from '../url'
import s from './catalog.module.css'

/** SPEC 2.9: the offer popup's content is smaller when the description is over 300 characters. */
export const isLongDescription = (text: string | null | undefined) =>
  (text ?? '').length > constants.offerPopupSmallStyleOverChars

/**
 * goToOffer (SPEC 4 gating): a visitor gets the login tab; an unverified member the resend-
 * verification prompt; a member starts the offer (the visit is recorded through the tracking
 * plugin's 'offer-visit'), sees the success popup for successPopupMs, then goes to its link (on iOS
 * through /m-redirect/offer/{id}#redirect).
 */
export function useGoToOffer(onLeave?: () => void): {
  go: (offer: Offer) => void
  busy: boolean
  error: string | null
  popup: ReactNode
} {
  const { t } = useTranslation('catalog')
  const { services } = useApp()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<{ offer: Offer; url: string } | null>(null)

  // The auth plugin's dialogs cannot sit under one of ours (a modal <dialog> makes the rest inert):
  // our popup closes first, then the sign-in or verification prompt opens.
  const handOver = (fn: () => void) => {
    onLeave?.()
    window.setTimeout(fn, 0)
  }
  const askLogin = () => handOver(() => services.events.emit('open-auth', { tab: 'login' }))
  const askVerify = () => {
    setError(t('offer.verify'))
    handOver(() => services.events.emit('verify-email-required', { reason: 'offer' }))
  }

  async function go(offer: Offer) {
    setError(null)
    const m = services.session
    if (!m.authenticated) return askLogin()
    if (m.member?.emailVerified === false) return askVerify()
    setBusy(true)
    try {
      const r = await catalogApi(services.http).startOffer(offer.offer_id)
      services.events.emit('offer-visit', {
        offerId: offer.offer_id,
        offer: offer as unknown as Record<string, unknown>,
      })
      const url = safeUrl(r.data.click_url)
      if (!url) setError(t('offer.badLink'))
      else setDone({ offer, url })
    } catch (e) {
      if (e instanceof HttpError && e.status === 403) askVerify()
      else if (e instanceof HttpError && e.status === 401) askLogin()
      else setError(errorText(t, e))
    } finally {
      setBusy(false)
    }
  }

  const popup = done ? (
    <SuccessPopup
      name={done.offer.display_name}
      onClose={() => setDone(null)}
      onDone={() => {
        if (mobileOs() === 'ios')
          navigate(`${pathTo(services.config, 'm-redirect-offer-id', { id: done.offer.offer_id })}#redirect`)
        else window.location.assign(done.url)
      }}
    />
  ) : null
  return { go, busy, error, popup }
}

/** The success popup (SPEC 9: 2 seconds), then the offer opens. */
export function SuccessPopup({
  name,
  onClose,
  onDone,
}: {
  name: string
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useTranslation('catalog')
  const ref = useRef(onDone)
  ref.current = onDone
  useEffect(() => {
    const id = window.setTimeout(() => ref.current(), constants.successPopupMs)
    return () => window.clearTimeout(id)
  }, [])
  return (
    <Dialog
      title={t('offer.successTitle')}
      onClose={onClose}
      closeLabel={t('close')}
      size="small"
      testId="success-popup"
    >
      <p className={s.popupLead}>{t('offer.successBody', { name })}</p>
    </Dialog>
  )
}

/** The offer body shared by the offer-detail popup and the offer pages. */
export function OfferDetail({
  offer,
  headingLevel = 2,
  onLeave,
}: {
  offer: Offer
  headingLevel?: 1 | 2
  onLeave?: () => void
}) {
  const { t } = useTranslation('catalog')
  const action = useGoToOffer(onLeave)
  const small = isLongDescription(offer.offer_description)
  const H = headingLevel === 1 ? 'h1' : 'h3'
  return (
    <div
      className={small ? s.offerSmall : undefined}
      data-testid="offer-detail"
      data-small={small ? 'true' : 'false'}
    >
      {headingLevel === 1 ? <H>{offer.display_name}</H> : null}
      <p className={s.popupLead}>{offer.display_description}</p>
      <p className={s.offerText}>{offer.offer_description}</p>
      {offer.offer_code ? (
        <p>
          {t('offer.code')} <span className={s.code}>{offer.offer_code}</span>
        </p>
      ) : null}
      <Button onClick={() => void action.go(offer)} disabled={action.busy} aria-busy={action.busy}>
        {offer.offer_type === 'CASHBACK' ? t('offer.activate') : t('offer.start')}
      </Button>
      {action.error ? (
        <p role="alert" className={`${s.muted} ${s.offerError}`}>
          {action.error}
        </p>
      ) : null}
      {action.popup}
    </div>
  )
}

/** The offer-detail popup (SPEC 2.9). */
export function OfferPopup({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t } = useTranslation('catalog')
  return (
    <Dialog
      title={offer.display_name}
      onClose={onClose}
      closeLabel={t('close')}
      size={isLongDescription(offer.offer_description) ? 'small' : undefined}
      testId="offer-popup"
    >
      <OfferDetail offer={offer} onLeave={onClose} />
    </Dialog>
  )
}
