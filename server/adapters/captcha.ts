/** Captcha check. The sandbox passes any non-empty response (like the providers' test keys). */
export interface CaptchaAdapter {
  verify(response: string | undefined, ip: string): Promise<boolean>
}

export const sandboxCaptcha: CaptchaAdapter = {
  async verify(response) {
    return typeof response === 'string' && response.length > 0
  },
}

/** reCAPTCHA-compatible verification, chosen when CAPTCHA_SECRET is set. */
export function siteverifyCaptcha(
  secret: string,
  url = 'https://www.google.com/recaptcha/api/siteverify',
): CaptchaAdapter {
  return {
    async verify(response, ip) {
      if (!response) return false
      try {
        const r = await fetch(url, {
          method: 'POST',
          body: new URLSearchParams({ secret, response, remoteip: ip }),
          signal: AbortSignal.timeout(5000),
        })
        const j = (await r.json()) as { success?: boolean }
        return j.success === true
      } catch {
        return false
      }
    },
  }
}
