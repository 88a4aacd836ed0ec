import { buttonClass, RouteLink, type ScreenProps, useApp, useDocumentTitle } from '@core'
import { useEffect, useState } from 'react'
import { catalogApi } from '../api'
import s from '../components/catalog.module.css'
import { NotFoundState } from '../components/NotFoundState'
import { useCatalogPages } from '../texts'
import { isCatalogOffer, safeUrl } from '../url'

/**
 * /m-redirect/offer/{id}#redirect (SPEC 2.4): on iOS, after a code is copied (or for an offer that
 * needs none), this page opens the offer: the member's tracked link, else the offer's own link.
 * A link that is not http(s) is never opened; a button stays for when the browser holds it back.
 */
export default function OfferRedirectPage({ params }: ScreenProps) {
  const { t } = useCatalogPages()
  const { services } = useApp()
  const id = params.id ?? ''
  const [state, setState] = useState<'loading' | 'not-found' | 'bad' | { url: string }>('loading')
  useDocumentTitle(t('redirect.title'))

  useEffect(() => {
    let live = true
    async function run() {
      if (!/^\d{1,10}$/.test(id)) return setState('not-found')
      const api = catalogApi(services.http)
      try {
        const offer = (await api.offer(id)).data
        // coin offers (APP, GAME) are the coins plugin's: not the catalog's to open
        if (!isCatalogOffer(offer)) {
          if (live) setState('not-found')
          return
        }
        let url = offer.redirect_url
        if (services.session.authenticated) {
          try {
            url = (await api.startOffer(id)).data.click_url
          } catch {
            // not verified or not allowed: the offer's own link still opens
          }
        }
        services.events.emit('offer-visit', {
          offerId: offer.offer_id,
          offer: offer as unknown as Record<string, unknown>,
        })
        const safe = safeUrl(url)
        if (!live) return
        if (!safe) return setState('bad')
        setState({ url: safe })
        if (window.location.hash === '#redirect') window.location.assign(safe)
      } catch {
        if (live) setState('not-found')
      }
    }
    void run()
    return () => {
      live = false
    }
  }, [id, services])

  if (state === 'not-found') return <NotFoundState what="offer" />
  return (
    <section className={`${s.hero} ${s.center}`} aria-labelledby="mr-title" data-testid="offer-redirect-page">
      <h1 id="mr-title">{state === 'bad' ? t('redirect.badLinkTitle') : t('redirect.title')}</h1>
      {state === 'bad' ? (
        <p role="alert">{t('offer.badLink')}</p>
      ) : (
        <p role="status">{t('redirect.noCode')}</p>
      )}
      {typeof state === 'object' ? (
        <p>
          <a href={state.url} className={buttonClass()}>
            {t('offers.open')}
          </a>
        </p>
      ) : null}
      <p>
        <RouteLink route="offers">{t('offers.all')}</RouteLink>
      </p>
    </section>
  )
}
