import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { HttpClient } from '../http/client'
import { useTranslation } from '../i18n/use-translation'
import {
  CAPTCHA_FRAME_PATH,
  CAPTCHA_TOKEN_MESSAGE,
  type CaptchaAction,
  type CaptchaConfigReply,
} from '../shared/captcha'
import { useServices } from '../state/context'
import s from './field.module.css'

/** What the sandbox's box answers: the server's sandbox adapter accepts any non-empty response. */
export const SANDBOX_CAPTCHA_RESPONSE = 'sandbox-captcha-pass'
const SANDBOX: CaptchaConfigReply = { provider: 'sandbox' }

let asked: Promise<CaptchaConfigReply> | undefined
/**
 * The server's captcha (GET /api/web/captcha), asked once per page load: the keys are the server's at
 * run time, never the build's. A failed ask shows the sandbox's box this time (the server still decides).
 */
export function captchaConfig(http: HttpClient): Promise<CaptchaConfigReply> {
  asked ??= Promise.resolve()
    .then(() => http.get<CaptchaConfigReply>('/api/web/captcha'))
    .then(
      (r) => (r?.provider === 'turnstile' && r.frame === CAPTCHA_FRAME_PATH ? r : SANDBOX),
      () => {
        asked = undefined
        return SANDBOX
      },
    )
  return asked
}
/** Tests: forget the asked config. */
export function forgetCaptchaConfig() {
  asked = undefined
}

function useCaptchaConfig(): CaptchaConfigReply | null {
  const { http } = useServices()
  const [config, setConfig] = useState<CaptchaConfigReply | null>(null)
  useEffect(() => {
    let on = true
    void captchaConfig(http).then((c) => on && setConfig(c))
    return () => {
      on = false
    }
  }, [http])
  return config
}

/**
 * The token in a message from the captcha frame: only from our own origin and from that frame's own
 * window (any other message is not ours: undefined). null when the widget expired or failed.
 */
export function tokenOfMessage(
  e: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frame: Window | null | undefined,
  ownOrigin: string,
): string | null | undefined {
  if (!frame || e.origin !== ownOrigin || e.source !== frame) return undefined
  const d = e.data as { type?: unknown; token?: unknown } | null
  if (!d || d.type !== CAPTCHA_TOKEN_MESSAGE) return undefined
  return typeof d.token === 'string' && d.token ? d.token : null
}

/**
 * The provider's widget: our own page (/captcha-frame, with a CSP of its own that allows the provider)
 * in a frame; it posts the solved token here, on our origin only. The app's CSP needs frame-src 'self'.
 */
export function CaptchaFrame({
  action,
  onToken,
}: {
  action: CaptchaAction
  onToken: (token: string | null) => void
}) {
  const { t, i18n } = useTranslation('core-on-demand', { useSuspense: false })
  const ref = useRef<HTMLIFrameElement>(null)
  const tell = useRef(onToken)
  tell.current = onToken
  // listening from the commit that adds the frame (a layout effect, not a passive one, which runs
  // later): no message of the frame can come before the listener
  useLayoutEffect(() => {
    const listen = (e: MessageEvent) => {
      const token = tokenOfMessage(e, ref.current?.contentWindow, window.location.origin)
      if (token !== undefined) tell.current(token)
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [])
  const lang = i18n.language === 'es' ? 'es' : 'en'
  return (
    <iframe
      ref={ref}
      className={s.captchaFrame}
      src={`${CAPTCHA_FRAME_PATH}?action=${action}&lang=${lang}`}
      title={t('captcha.frame')}
      data-testid="captcha-frame"
    />
  )
}

/** The captcha's box: its legend, the widget (or the sandbox's check box) and a status line. */
function CaptchaBox({ prompt, passed, children }: { prompt?: string; passed: boolean; children: ReactNode }) {
  const { t } = useTranslation('core-on-demand', { useSuspense: false })
  return (
    <fieldset className={s.captcha} data-testid="captcha-step">
      <legend>{prompt ?? t('captcha.prompt')}</legend>
      {children}
      <p role="status" className={s.hint}>
        {passed ? t('captcha.passed') : ''}
      </p>
    </fieldset>
  )
}

/**
 * The captcha step a form shows when the server asks for one (code captcha_required): the provider's
 * widget when the server has one (Turnstile), else the sandbox's "I'm not a robot" box. A solved
 * captcha hands its response to `onPass` (the form sends again); a status line says so to screen
 * readers. Focus moves to the box when it appears.
 */
export function CaptchaCheck({
  onPass,
  prompt,
  action = 'login',
}: {
  onPass: (response: string) => void
  prompt?: string
  action?: CaptchaAction
}) {
  // texts of 'core-on-demand' (src/i18n), loaded when the step first shows
  const { t, ready } = useTranslation('core-on-demand', { useSuspense: false })
  const id = useId()
  const config = useCaptchaConfig()
  const [passed, setPassed] = useState(false)
  if (!ready || !config) return null
  if (config.provider === 'turnstile')
    return (
      <CaptchaBox prompt={prompt} passed={passed}>
        <CaptchaFrame
          action={action}
          onToken={(token) => {
            setPassed(!!token)
            if (token) onPass(token)
          }}
        />
      </CaptchaBox>
    )
  return (
    <CaptchaBox prompt={prompt} passed={passed}>
      <div className={s.check}>
        <input
          id={`${id}-captcha`}
          type="checkbox"
          // biome-ignore lint/a11y/noAutofocus: the step appears after a refusal; the box is what to do next
          autoFocus
          checked={passed}
          disabled={passed}
          onChange={() => {
            setPassed(true)
            onPass(SANDBOX_CAPTCHA_RESPONSE)
          }}
        />
        <label htmlFor={`${id}-captcha`}>{t('captcha.check')}</label>
      </div>
    </CaptchaBox>
  )
}

/**
 * The captcha of a form that always sends one (register, the password reset link, the contact form).
 * With the provider's widget (Turnstile): `field` is the widget to show in the form, and `take()` its
 * token, once (a token is good for one try: the widget starts again). With the sandbox: no field, and
 * `take()` the sandbox's response.
 */
export function useFormCaptcha(action: CaptchaAction): { field: ReactNode; take: () => string | undefined } {
  const config = useCaptchaConfig()
  const token = useRef<string | null>(null)
  const [round, setRound] = useState(0)
  const [passed, setPassed] = useState(false)
  const onToken = useCallback((t: string | null) => {
    token.current = t
    setPassed(!!t)
  }, [])
  const widget = config?.provider === 'turnstile'
  const take = useCallback(() => {
    if (!widget) return SANDBOX_CAPTCHA_RESPONSE
    const t = token.current
    token.current = null
    if (t) {
      setPassed(false)
      setRound((n) => n + 1)
    }
    return t ?? undefined
  }, [widget])
  return {
    field: widget ? (
      <CaptchaBox passed={passed}>
        <CaptchaFrame key={round} action={action} onToken={onToken} />
      </CaptchaBox>
    ) : null,
    take,
  }
}
