import { z } from 'zod/mini'

/**
 * The contact form's call (POST /api/contact): the legal plugin's contract declares the route, and the
 * account area's message form sends it too; neither may import the other, so the core's node-safe
 * public module owns the shapes (issue 32).
 */
export const ContactRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Please enter your name.'), z.maxLength(100)),
  email: z.email({ error: 'You have entered an invalid email address!' }).check(z.maxLength(254)),
  subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)),
  /** The captcha response (issue 25): a message without a valid one is refused with captcha_required. */
  'g-recaptcha-response': z.optional(z.string().check(z.maxLength(4000))),
})
export type ContactRequest = z.infer<typeof ContactRequest>
/** code contact_received and its English message. */
export const ContactReply = z.object({ success: z.boolean(), code: z.string(), message: z.string() })
export type ContactReply = z.infer<typeof ContactReply>
