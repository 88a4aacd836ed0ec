import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { Button, buttonClass, constants, useServices, useTranslation } from '../../../src/index'
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
  const [which, setWhich] = useState<'first' | 'second' | null>(null)

  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('ei') === 'true') return
    setWhich(
      promptToShow({
        brandHasExtension: brandHasExtension(config),
        width: window.innerWidth,
        userAgent: navigator.userAgent,
        markerPresent: extensionInstalled(),
        cookie: cookies.get(constants.extensionPrompt.cookieName),
        dismissedNow: dismissedThisPage,
      }),
    )
  }, [cookies, config])

  if (!which) return null
  const close = () => {
    dismissPrompt(cookies, which)
    dismissedThisPage = true
    setWhich(null)
  }
  const browser = supportedBrowser(navigator.userAgent) === 'firefox' ? 'Firefox' : 'Chrome'
  return (
    <section className={s.extPrompt} aria-labelledby="ext-title" data-testid={`extension-prompt-${which}`}>
      <div>
        <h2 id="ext-title">{t(which === 'first' ? 'extension.promptTitle' : 'extension.secondTitle')}</h2>
        <p>{t(which === 'first' ? 'extension.promptBody' : 'extension.secondBody')}</p>
      </div>
      <p className={s.extActions}>
        <Link to="/extension" className={buttonClass()} onClick={close}>
          {t('extension.add', { browser })}
        </Link>
        <Button variant="secondary" onClick={close}>
          {t('extension.notNow')}
        </Button>
      </p>
    </section>
  )
}
