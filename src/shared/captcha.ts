import { z } from 'zod/mini'

/** The forms that show a captcha; each sets its own action on the widget, and the server checks it. */
export const CAPTCHA_ACTIONS = ['login', 'register', 'reset', 'contact'] as const
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number]

/** The path of the server's captcha frame page (issue 31): the provider's widget, under a CSP of its own. */
export const CAPTCHA_FRAME_PATH = '/captcha-frame'
/** The type of the message the frame page posts to the app (same origin only) with a solved token. */
export const CAPTCHA_TOKEN_MESSAGE = 'captcha-token'

/**
 * GET /api/web/captcha: the captcha the forms show, read at run time (the keys are the server's, never
 * the build's). 'sandbox': the "I'm not a robot" box; 'turnstile': the frame page in an iframe.
 */
export const CaptchaConfigReply = z.union([
  z.object({ provider: z.literal('sandbox') }),
  z.object({ provider: z.literal('turnstile'), frame: z.literal(CAPTCHA_FRAME_PATH) }),
])
export type CaptchaConfigReply = z.infer<typeof CaptchaConfigReply>
