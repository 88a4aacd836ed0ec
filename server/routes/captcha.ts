import type { FastifyInstance } from 'fastify'
import {
  CAPTCHA_ACTIONS,
  CAPTCHA_FRAME_PATH,
  CAPTCHA_TOKEN_MESSAGE,
  type CaptchaAction,
  CaptchaConfigReply,
} from '../../src/shared/captcha.ts'
import { TURNSTILE_ORIGIN } from '../adapters/captcha.ts'
import { route } from '../lib/route.ts'
import { nonce } from '../lib/security.ts'
import type { Services } from '../services.ts'

/** JSON for inside a script element: no `<` can end it. */
const inline = (v: unknown) => JSON.stringify(v).replaceAll('<', '\\u003c')

/**
 * The frame page's CSP: the provider's one origin for its script and its frame, nothing else; only
 * our own pages may frame it. The app's own CSP needs only frame-src 'self' (lib/security.ts spaCsp).
 */
export function captchaFrameCsp(n: string) {
  return [
    "default-src 'none'",
    `script-src 'nonce-${n}' ${TURNSTILE_ORIGIN}`,
    `frame-src ${TURNSTILE_ORIGIN}`,
    `style-src 'nonce-${n}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/**
 * The widget's page: Turnstile rendered with the site key and the form's action, in the visitor's
 * language. A solved token goes to the page that frames this one, on our own origin only; an expired
 * or failed widget says so (token null) so the form forgets the old token.
 */
export function captchaFramePage(o: {
  siteKey: string
  action: CaptchaAction
  lang: 'en' | 'es'
  nonce: string
}) {
  const n = o.nonce
  return `<!doctype html>
<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Captcha</title>
<style nonce="${n}">html,body{margin:0;padding:0;background:transparent;overflow:hidden}</style>
<script nonce="${n}">
(function () {
  var type = ${inline(CAPTCHA_TOKEN_MESSAGE)}
  function tell(token) {
    if (window.parent === window) return
    window.parent.postMessage({ type: type, token: token }, window.location.origin)
  }
  window.onCaptchaLoad = function () {
    window.turnstile.render('#widget', {
      sitekey: ${inline(o.siteKey)},
      action: ${inline(o.action)},
      language: ${inline(o.lang)},
      size: 'flexible',
      callback: function (token) { tell(token) },
      'expired-callback': function () { tell(null) },
      'error-callback': function () { tell(null) }
    })
  }
})()
</script>
<script nonce="${n}" src="${TURNSTILE_ORIGIN}/turnstile/v0/api.js?onload=onCaptchaLoad&amp;render=explicit" async defer></script>
</head>
<body><div id="widget"></div></body>
</html>
`
}

/** Issue 31 · captcha: what the client shows (GET /api/web/captcha) and the provider's frame page. */
export async function captchaRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'GET',
    url: '/api/web/captcha',
    tag: 'auth',
    summary:
      "The captcha the forms show: the sandbox's box, or Turnstile in the frame page (/captcha-frame). The site key is in that page, never in the build; the secret never leaves the server.",
    reply: CaptchaConfigReply,
    async handler() {
      return s.captcha.widget
        ? { provider: s.captcha.widget.provider, frame: CAPTCHA_FRAME_PATH }
        : { provider: 'sandbox' as const }
    },
  })

  app.get(CAPTCHA_FRAME_PATH, async (req, reply) => {
    const widget = s.captcha.widget
    const q = req.query as Record<string, unknown>
    const action = CAPTCHA_ACTIONS.find((a) => a === q.action)
    if (!widget || !action) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    const n = nonce()
    return reply
      .header('Content-Security-Policy', captchaFrameCsp(n))
      .header('X-Frame-Options', 'SAMEORIGIN')
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        captchaFramePage({ siteKey: widget.siteKey, action, lang: q.lang === 'es' ? 'es' : 'en', nonce: n }),
      )
  })
}
