import { Button, buttonClass, constants, RouteLink, usePaintStatus, useServices, useTranslation } from '@core'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import {
  brandHasExtension,
  dismissPrompt,
  extensionInstalled,
  promptToShow,
  supportedBrowser,
} from '../extension'
import s from './catalog.module.css'

let dismissedThisPage = false

/**
 * The extension-install prompts (SPEC 4, 2.9) as a banner inside the catalog screens, not a modal
 * and not floating over the page: shopping goes on around it. The first prompt, once dismissed,
 * sets the cookie to 1; the second (on a later visit) sets 2, after which none shows.
 */
export function ExtensionBanner() {
  const { t } = useTranslation('catalog')
  const { cookies, config } = useServices()
  const paint = usePaintStatus()
  const { search } = useLocation()
  /**
   * Decided in the first render, so the banner is there when the screen is (it pushing the page down
   * later would be a layout shift). The server's page paint decides from the request: a phone's
   * browser gets none, any other is taken to be wide enough.
   */
  const ua = (paint ? paint.userAgent : globalThis.navigator?.userAgent) ?? ''
  const decide = (): 'first' | 'second' | null => {
    if (new URLSearchParams(search).get('ei') === 'true') return null
    if (paint && /Mobi|Android|iPhone|iPad/i.test(ua)) return null
    return promptToShow({
      brandHasExtension: brandHasExtension(config),
      width: paint ? Number.POSITIVE_INFINITY : window.innerWidth,
      userAgent: ua,
      markerPresent: paint ? false : extensionInstalled(),
      cookie: cookies.get(constants.extensionPrompt.cookieName),
      dismissedNow: dismissedThisPage,
    })
  }
  const [which, setWhich] = useState(decide)

  // the extension may mark the page after the first render
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first render
  useEffect(() => {
    setWhich(decide())
  }, [cookies, config])

  if (!which) return null
  const close = () => {
    dismissPrompt(cookies, which)
    dismissedThisPage = true
    setWhich(null)
  }
  const browser = supportedBrowser(ua) === 'firefox' ? 'Firefox' : 'Chrome'
  return (
    <section className={s.extPrompt} aria-labelledby="ext-title" data-testid={`extension-prompt-${which}`}>
      <div>
        <h2 id="ext-title">{t(which === 'first' ? 'extension.promptTitle' : 'extension.secondTitle')}</h2>
        <p>{t(which === 'first' ? 'extension.promptBody' : 'extension.secondBody')}</p>
      </div>
      <p className={s.extActions}>
        <RouteLink route="extension" className={buttonClass()} onClick={close}>
          {t('extension.add', { browser })}
        </RouteLink>
        <Button variant="secondary" onClick={close}>
          {t('extension.notNow')}
        </Button>
      </p>
    </section>
  )
}
