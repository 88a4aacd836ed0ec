import { mobileOs, type Offer, pathTo, useApp, useTranslation } from '@core'
import { useCallback, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { coinsApi } from '../api'
import { type GateOutcome, goToCoinOffer, goToSurvey, type RefusalCode } from './gating'

/** Leaves the app for a platform's page (a full page load); replaced in unit tests. */
export const browser = { assign: (url: string) => window.location.assign(url) }

export interface Gate<A extends unknown[]> {
  go: (...args: A) => Promise<GateOutcome | null>
  busy: boolean
  /** What stopped the start, in words, or null. */
  error: string | null
  /** The refusal's code (or 'verify'), for a screen that places it beside a field. */
  code: RefusalCode | 'verify' | null
  clear: () => void
}

/** Carries an outcome out: the login tab, the verification prompt, a screen of the app, or the platform. */
function useOutcome() {
  const { t } = useTranslation('coins')
  const { services } = useApp()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const [code, setCode] = useState<RefusalCode | 'verify' | null>(null)
  const apply = useCallback(
    (o: GateOutcome, reason: 'survey' | 'offer', onLeave?: (o: GateOutcome) => boolean) => {
      switch (o.kind) {
        case 'login':
          services.events.emit('open-auth', { tab: 'login' })
          return
        case 'verify':
          setCode('verify')
          setError(t('gate.verify'))
          services.events.emit('verify-email-required', { reason })
          return
        case 'go': {
          const query = new URLSearchParams(o.query).toString()
          navigate(`${pathTo(services.config, o.route, o.params) ?? '/'}${query ? `?${query}` : ''}`)
          return
        }
        case 'leave':
          if (onLeave?.(o)) return
          browser.assign(o.url)
          return
        case 'refused':
          setCode(o.code)
          // our words for the codes we know; the server's own sentence for any other refusal
          setError(o.code === 'error' && o.message ? o.message : t(`gate.${o.code}`))
      }
    },
    [navigate, services, t],
  )
  const clear = useCallback(() => {
    setError(null)
    setCode(null)
  }, [])
  return { apply, error, code, clear }
}

/** goToSurvey (SPEC 4) for a screen: `go(surveyId, { confirmed })`. */
export function useGoToSurvey(): Gate<[surveyId: number | string, opts?: { confirmed?: boolean }]> {
  const { services } = useApp()
  const out = useOutcome()
  const [busy, setBusy] = useState(false)
  const running = useRef(false)
  const go = async (surveyId: number | string, opts?: { confirmed?: boolean }) => {
    if (running.current) return null
    running.current = true
    out.clear()
    setBusy(true)
    try {
      const o = await goToSurvey(services.session, coinsApi(services.http), surveyId, opts)
      out.apply(o, 'survey')
      return o
    } finally {
      running.current = false
      setBusy(false)
    }
  }
  return { go, busy, error: out.error, code: out.code, clear: out.clear }
}

/**
 * goToOffer for a coin offer: `go(offer, appTrackingAllowed)`. `onLeave` may hold the departure (the
 * iOS app-tracking instruction popup) and answer true; the screen then calls `leave(url)` itself.
 */
export function useGoToCoinOffer(
  onLeave?: (o: Extract<GateOutcome, { kind: 'leave' }>) => boolean,
): Gate<[offer: Offer, appTrackingAllowed?: boolean]> & { leave: (url: string) => void } {
  const { services } = useApp()
  const out = useOutcome()
  const [busy, setBusy] = useState(false)
  const running = useRef(false)
  const go = async (offer: Offer, appTrackingAllowed?: boolean) => {
    if (running.current) return null
    running.current = true
    out.clear()
    setBusy(true)
    try {
      const o = await goToCoinOffer(services.session, coinsApi(services.http), offer, {
        appTrackingAllowed,
        os: mobileOs(),
      })
      if (o.kind === 'leave')
        services.events.emit('offer-visit', {
          offerId: offer.offer_id,
          offer: offer as unknown as Record<string, unknown>,
        })
      out.apply(o, 'offer', (x) => (x.kind === 'leave' && onLeave ? onLeave(x) : false))
      return o
    } finally {
      running.current = false
      setBusy(false)
    }
  }
  return {
    go,
    busy,
    error: out.error,
    code: out.code,
    clear: out.clear,
    leave: (url: string) => browser.assign(url),
  }
}
