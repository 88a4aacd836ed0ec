import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import s from './field.module.css'

/**
 * The captcha response a form sends (SPEC 5; issue 25: sign-in past failed attempts, the contact
 * form). The server's sandbox adapter accepts any non-empty response; a real reCAPTCHA-compatible
 * widget replaces this function when the server is given CAPTCHA_SECRET.
 */
export async function captchaResponse(): Promise<string> {
  return 'sandbox-captcha-pass'
}

/**
 * The captcha step a form shows when the server asks for one (code captcha_required): with the
 * sandbox, an "I'm not a robot" box. Checking it gets the response and hands it to `onPass` (the form
 * sends again); a status line says so to screen readers. Focus moves to the box when it appears.
 */
export function CaptchaCheck({ onPass, prompt }: { onPass: (response: string) => void; prompt?: string }) {
  // texts of 'core-on-demand' (src/i18n), loaded when the step first shows
  const { t, ready } = useTranslation('core-on-demand', { useSuspense: false })
  const id = useId()
  const [passed, setPassed] = useState(false)
  if (!ready) return null
  return (
    <fieldset className={s.captcha} data-testid="captcha-step">
      <legend>{prompt ?? t('captcha.prompt')}</legend>
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
            void captchaResponse().then(onPass)
          }}
        />
        <label htmlFor={`${id}-captcha`}>{t('captcha.check')}</label>
      </div>
      <p role="status" className={s.hint}>
        {passed ? t('captcha.passed') : ''}
      </p>
    </fieldset>
  )
}
