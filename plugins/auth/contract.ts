import { attributionFields, constants, PHONE_PATTERN, SIGNUP_LIMITS, str } from '@core/contract'
import { z } from 'zod/mini'

/** API contract of the auth plugin: request and reply schemas shared by the server and the SPA. */

const email = z
  .email({ error: 'Please enter a valid email address.' })
  .check(z.maxLength(SIGNUP_LIMITS.emailMax))
/** A password a member chooses: the minimum length of SPEC 9, at most the sign-up limit. */
const newPassword = z
  .string()
  .check(
    z.minLength(
      constants.minimumPasswordLength,
      `The password must be at least ${constants.minimumPasswordLength} characters.`,
    ),
    z.maxLength(SIGNUP_LIMITS.passwordMax),
  )

export const User = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  partner: z.string(),
  sid: z.string(),
  cid: z.string(),
  is_verified: z.boolean(),
  /** A new address waiting for the link mailed to it; `email` signs in until it is opened. */
  pending_email: z.optional(z.nullable(z.string())),
  created_at: z.string(),
  coin_onboarding: z.number(),
  subscribed: z.boolean(),
  subs: z.object({ plus: z.boolean(), shipping: z.boolean() }),
  plus: z.object({ active: z.boolean() }),
  shipping: z.object({ active: z.boolean() }),
  webpartner_id: z.nullable(z.number()),
  country_code: z.string(),
  cash_balance_cents: z.number(),
  coin_balance: z.number(),
  terms: z.object({ firefox: z.boolean(), pii: z.boolean(), stats: z.boolean(), cookies: z.boolean() }),
  login_token: z.string(),
  expires: z.string(),
})
export type User = z.infer<typeof User>

export const LoginRequest = z.object({
  email,
  password: z
    .string({ error: 'Please enter your password.' })
    .check(z.minLength(1, 'Please enter your password.'), z.maxLength(SIGNUP_LIMITS.passwordMax)),
  'g-recaptcha-response': z.optional(str(4000)),
})
export type LoginRequest = z.infer<typeof LoginRequest>

/** Reply of login, register, social login, sync-token and refresh. */
export const LoginReply = z.object({
  success: z.boolean(),
  login_token: z.optional(z.string()),
  user: z.optional(User),
  redirect: z.optional(z.nullable(z.string())),
  recently_created: z.optional(z.boolean()),
  /** Beside `message`: its stable code (logged_out, password_reset, …) the client maps to its text. */
  code: z.optional(z.string()),
  message: z.optional(z.string()),
})
export type LoginReply = z.infer<typeof LoginReply>

export const RegisterRequest = z
  .object({
    name: z
      .string({ error: 'Please enter your name.' })
      .check(z.trim(), z.minLength(1, 'Please enter your name.'), z.maxLength(SIGNUP_LIMITS.nameMax)),
    email,
    password: newPassword,
    password_confirmation: str(SIGNUP_LIMITS.passwordMax),
    // the sign-up rules are the core's (src/shared/signup.ts): the forms check the same pattern
    phone: z.optional(z.string().check(z.regex(PHONE_PATTERN, 'Please enter a valid phone number.'))),
    source: z.optional(str(100)),
    /** Cut to 500 characters by the server; longer than 5000 is refused. */
    user_agent: z.optional(str(5000)),
    ...attributionFields,
    /** The code of the /refer link the member came by (SPEC 2.6 refer); an unknown code is ignored. */
    referral_code: z.optional(str(20)),
    /** The promo flow of the sign-up (the register_promo cookie, SPEC 4): only such a member gets the promo credit. */
    register_promo: z.optional(z.enum(['flow1', 'flow5'])),
    /** The lander the member signed up on (config/landers.json id): the server records the bonus that lander promises. */
    lander: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, 'Unknown lander.'))),
    'g-recaptcha-response': z.optional(str(4000)),
  })
  .check(
    z.refine((v) => v.password === v.password_confirmation, {
      message: 'The password confirmation does not match.',
      path: ['password_confirmation'],
    }),
  )
export type RegisterRequest = z.infer<typeof RegisterRequest>

export const SyncRequest = z.optional(
  z.object({ nocache: z.optional(z.union([z.boolean(), z.number(), z.string()])) }),
)

export const SuccessReply = z.object({
  success: z.boolean(),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
})
export type SuccessReply = z.infer<typeof SuccessReply>

export const VerifyRequest = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) })

/** Without token: asks for a reset link. With token: sets the new password. */
export const PasswordResetRequest = z.object({
  email: z.optional(email),
  email_encoded: z.optional(str(400)),
  token: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  password: z.optional(newPassword),
  password_confirmation: z.optional(str(SIGNUP_LIMITS.passwordMax)),
  /** The captcha response of the link's request (issue 31): needed when the server has a real provider. */
  'g-recaptcha-response': z.optional(str(4000)),
})
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>

export const SetEmailRequest = z.object({ email })
/** POST /api/login-code (signed in): a one-time sign-in code for a link, never the login token (issue 25). */
export const LoginCodeReply = z.object({ code: z.string(), expires_at: z.string() })
export type LoginCodeReply = z.infer<typeof LoginCodeReply>
/** POST /api/login-code/exchange: the code, for the login reply. A login token here is refused. */
export const LoginCodeExchangeRequest = z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)) })

/** The token of a link mailed for an email change (/email/confirm/:token, /email/undo/:token). */
export const OneTimeLinkRequest = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) })
/**
 * Reply of set-email and of the email-change links (issue 25): `pending_email` is the address waiting
 * for its link (the current one signs in until then); `email` the sign-in address after a link.
 */
export const EmailChangeReply = z.object({
  success: z.boolean(),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
  email: z.optional(z.string()),
  pending_email: z.optional(z.nullable(z.string())),
  user: z.optional(User),
})
export type EmailChangeReply = z.infer<typeof EmailChangeReply>
/** 409 reply of set-email when the address belongs to another account. */
export const SetEmailConflict = z.object({
  requires_authentication: z.literal(true),
  errors: z.record(z.string(), z.array(z.string())),
})

export const MergeRequest = z.object({
  email: z
    .email({ error: 'Please enter both email and password.' })
    .check(z.maxLength(SIGNUP_LIMITS.emailMax)),
  password: z
    .string({ error: 'Please enter both email and password.' })
    .check(z.minLength(1, 'Please enter both email and password.'), z.maxLength(SIGNUP_LIMITS.passwordMax)),
})
export const MergeReply = z.object({
  success: z.boolean(),
  token: z.string(),
  login_token: z.string(),
  user: User,
  message: z.string(),
})
export type MergeReply = z.infer<typeof MergeReply>

export const SocialLoginRequest = z.object({
  email,
  name: z.optional(str(SIGNUP_LIMITS.nameMax)),
})

/** Issue 31 · GET /api/auth/providers: the social sign-in providers the server has (one button each). */
export const SocialProvidersReply = z.object({
  providers: z.array(z.object({ id: z.string(), label: z.string() })),
})
export type SocialProvidersReply = z.infer<typeof SocialProvidersReply>

/** POST /api/auth/{provider}/start: the same-origin page to land on after the sign-in. */
export const SocialStartRequest = z.object({ redirect: z.optional(z.nullable(str(2000))) })
export const SocialStartReply = z.object({ authorization_url: z.string() })
export type SocialStartReply = z.infer<typeof SocialStartReply>

/** POST /api/auth/{provider}/exchange: the parameters the provider sent back to /auth/{provider}/callback. */
export const SocialExchangeRequest = z.object({
  code: str(2000),
  state: str(500),
  iss: z.optional(str(500)),
})

/**
 * POST /api/auth/social/link: the password of the existing account whose address the provider gave
 * (SPEC 4: the accounts merge after the existing account's password is given); link_token came with the
 * exchange's 409 requires_authentication.
 */
export const SocialLinkRequest = z.object({
  link_token: str(100),
  password: z
    .string({ error: 'Please enter both email and password.' })
    .check(z.minLength(1, 'Please enter both email and password.'), z.maxLength(SIGNUP_LIMITS.passwordMax)),
})

export const ErrorsReply = z.object({ errors: z.record(z.string(), z.array(z.string())) })
export type ErrorsReply = z.infer<typeof ErrorsReply>
