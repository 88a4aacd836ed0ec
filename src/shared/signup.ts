import { constants } from '../config/constants'

/**
 * The sign-up rules (SPEC 5): two plugins take a sign-up (auth's register form, upsell's lander), and
 * auth's contract decides what the server accepts, so the rules live once here, in the core's node-safe
 * public module: the contract builds its schema from them and both forms check with `signupProblems`.
 * The limits are config/constants.json's `signup` group.
 * Plain values and a plain function (no zod), so a form does not pull zod into its chunk.
 */
export const SIGNUP_LIMITS = {
  /** characters of the name, after trimming */
  nameMax: constants.signup.nameMaxLength,
  emailMax: constants.signup.emailMaxLength,
  passwordMax: constants.signup.passwordMaxLength,
  phoneMax: constants.signup.phoneMaxLength,
} as const

/** The e-mail a form accepts before sending (the server's contract then checks it fully). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/**
 * The phone (optional, SPEC 5: "Continue works without it"): digits, spaces, +, -, ( and ), up to the
 * limit; no minimum, as the spec sets none and the server has always taken a short one.
 */
export const PHONE_PATTERN = new RegExp(`^[+0-9 ()-]{0,${SIGNUP_LIMITS.phoneMax}}$`)

export interface SignupValues {
  name: string
  email: string
  password: string
  /** optional: '' is allowed */
  phone: string
  terms: boolean
}
export type SignupField = keyof SignupValues
/** required: empty; invalid: does not match its pattern; too_short: a password under the minimum. */
export type SignupProblem = 'required' | 'invalid' | 'too_short'

/** What is wrong with a sign-up before it is sent, per field; each form maps a problem to its own text. */
export function signupProblems(v: SignupValues): Partial<Record<SignupField, SignupProblem>> {
  const p: Partial<Record<SignupField, SignupProblem>> = {}
  if (!v.name.trim()) p.name = 'required'
  const email = v.email.trim()
  if (!email) p.email = 'required'
  else if (!EMAIL_PATTERN.test(email)) p.email = 'invalid'
  if (v.password.length < constants.minimumPasswordLength) p.password = 'too_short'
  if (v.phone.trim() && !PHONE_PATTERN.test(v.phone.trim())) p.phone = 'invalid'
  if (!v.terms) p.terms = 'required'
  return p
}
