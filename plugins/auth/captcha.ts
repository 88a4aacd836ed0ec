/**
 * The captcha response sent with a login (SPEC 5). The server's sandbox adapter accepts any
 * non-empty response; a real reCAPTCHA-compatible widget replaces this function when the server
 * is given CAPTCHA_SECRET.
 */
export async function captchaResponse(): Promise<string> {
  return 'sandbox-captcha-pass'
}
