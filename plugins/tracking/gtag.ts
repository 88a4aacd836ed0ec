import type { AnalyticsTag } from './analytics'
import { scriptNonce } from './nonce'

type Gtag = (...args: unknown[]) => void
declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: Gtag
  }
}

/**
 * gtag.js, loaded once with the page's CSP nonce (the tag's own hosts must be allowed by the server's
 * CSP before it can send anything). The standard `gtag()` queue works before the script arrives.
 */
export function createGtag(id: string, doc: Document = document): AnalyticsTag {
  const w = doc.defaultView as Window
  w.dataLayer = w.dataLayer ?? []
  w.gtag =
    w.gtag ??
    function gtag() {
      // gtag.js reads the arguments object itself
      // biome-ignore lint/complexity/noArguments: the tag's documented queue format
      w.dataLayer!.push(arguments)
    }
  const gtag = w.gtag
  if (!doc.querySelector(`script[data-gtag="${id}"]`)) {
    const s = doc.createElement('script')
    s.async = true
    s.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`
    s.dataset.gtag = id
    const nonce = scriptNonce(doc)
    if (nonce) s.nonce = nonce
    doc.head.append(s)
    gtag('js', new Date())
    gtag('config', id, { send_page_view: false })
  }
  return {
    event(action, payload) {
      gtag('event', action, payload)
    },
    clientId: () =>
      new Promise((resolve) => {
        const t = setTimeout(() => resolve(undefined), 5000)
        gtag('get', id, 'client_id', (cid: unknown) => {
          clearTimeout(t)
          resolve(typeof cid === 'string' && cid ? cid : undefined)
        })
      }),
  }
}
