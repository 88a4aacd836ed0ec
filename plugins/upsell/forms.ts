import { GIFT_CODE_MAX, type SignupProblem, signupProblems } from '@core'
/** Field -> translation key of the upsell namespace (or a server text, prefixed with '!'). */
export type FieldErrors = Partial<Record<string, string>>

export interface CardForm {
  card_number: string
  zip: string
  cvv: string
  exp: string
}

export const emptyCard: CardForm = { card_number: '', zip: '', cvv: '', exp: '' }

/**
 * The card rules of the API contract (the core's CardFields, src/shared/billing.ts), checked before
 * anything is sent: an empty field gets only the spec's 'cannot be empty' message. Kept here without
 * zod so the payment step stays small.
 */
export function validateCard(f: CardForm, now = new Date()): FieldErrors {
  const e: FieldErrors = {}
  const number = f.card_number.replace(/[ -]/g, '')
  if (!f.card_number.trim()) e.card_number = 'errors.cardEmpty'
  else if (!/^[0-9 -]*$/.test(f.card_number) || number.length < 12 || number.length > 19)
    e.card_number = 'errors.cardInvalid'
  if (!f.zip.trim()) e.zip = 'errors.zipEmpty'
  else if (!/^[A-Za-z0-9 -]{3,10}$/.test(f.zip.trim())) e.zip = 'errors.zipInvalid'
  if (!f.cvv.trim()) e.cvv = 'errors.cvvEmpty'
  else if (!/^[0-9]{3,4}$/.test(f.cvv.trim())) e.cvv = 'errors.cvvInvalid'
  const exp = f.exp.replace(/ /g, '')
  const m = /^(0[1-9]|1[0-2])\/([0-9]{2}|[0-9]{4})$/.exec(exp)
  if (!exp) e.exp = 'errors.expEmpty'
  else if (!m) e.exp = 'errors.expInvalid'
  else {
    const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2])
    const month = Number(m[1])
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      e.exp = 'errors.expPast'
  }
  return e
}

/** Formats what is typed in the expiry field as MM/YY. */
export function formatExp(raw: string, previous = ''): string {
  const digits = raw.replace(/[^0-9]/g, '').slice(0, 4)
  // deleting the slash deletes the digit before it
  if (previous.endsWith('/') && raw === previous.slice(0, -1)) return digits.slice(0, 1)
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`
  if (digits.length === 2 && raw.length > previous.length) return `${digits}/`
  return digits
}

/** Groups the card number in fours as it is typed. */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/[^0-9]/g, '').slice(0, 19)
  return digits.replace(/(.{4})(?=.)/g, '$1 ')
}

export interface SignupForm {
  name: string
  phone: string
  email: string
  password: string
  terms: boolean
}

/**
 * SPEC 5: name, a simple email pattern, at least 8 characters, the terms accepted; phone optional.
 * The rules are the core's (src/shared/signup.ts), the same as auth's register form and what the
 * server's auth contract accepts; each problem gets its upsell key here.
 */
export function validateSignup(f: SignupForm): FieldErrors {
  const e: FieldErrors = {}
  const p: Partial<Record<keyof SignupForm, SignupProblem>> = signupProblems(f)
  for (const field of ['name', 'email', 'password', 'phone', 'terms'] as const)
    if (p[field]) e[field] = `errors.${field}`
  return e
}

/** The server's codes of the card calls (server/routes/upsell.ts, the tokenizer) and their upsell keys. */
const CODE_KEYS: Record<string, string> = {
  card_declined: 'errors.declined',
  card_expired: 'errors.expPast',
  card_invalid: 'errors.cardInvalid',
  // first-time members only (issue 27), and a payment-method token the provider no longer knows
  trial_used: 'errors.trialUsed',
  invalid_payment_method: 'errors.cardAgain',
}

/** Validation codes (too_short is an empty field, invalid_format a malformed one) per field. */
const FIELD_CODE_KEYS: Record<string, string> = {
  'card_number:required': 'errors.cardEmpty',
  'card_number:too_short': 'errors.cardEmpty',
  'card_number:invalid_format': 'errors.cardInvalid',
  'zip:required': 'errors.zipEmpty',
  'zip:too_short': 'errors.zipEmpty',
  'zip:invalid_format': 'errors.zipInvalid',
  'cvv:required': 'errors.cvvEmpty',
  'cvv:too_short': 'errors.cvvEmpty',
  'cvv:invalid_format': 'errors.cvvInvalid',
  'exp:required': 'errors.expEmpty',
  'exp:too_short': 'errors.expEmpty',
  'exp:invalid_format': 'errors.expInvalid',
  'name:required': 'errors.name',
  'name:too_short': 'errors.name',
  'email:required': 'errors.email',
  'email:invalid_format': 'errors.email',
  'password:too_short': 'errors.password',
  'phone:invalid_format': 'errors.phone',
}

/** A server error as a key of the upsell namespace when its code is known, else '!text' (shown as is). */
export function serverKey(message: string, code?: string, field?: string): string {
  if (!code) return `!${message}`
  return (field && FIELD_CODE_KEYS[`${field}:${code}`]) || CODE_KEYS[code] || `!${message}`
}

/** The server's errors object as field -> key (known codes) or '!text' (anything else, shown as is). */
export function serverErrors(
  errors: Record<string, string[]> | undefined,
  codes: Record<string, string> = {},
): FieldErrors {
  const out: FieldErrors = {}
  for (const [field, list] of Object.entries(errors ?? {})) {
    const first = list[0]
    if (first) out[field] = serverKey(first, codes[field], field)
  }
  return out
}

/** The longest code POST /api/gift/redeem accepts (the core's gift card shapes). */
export { GIFT_CODE_MAX }

/** A gift card code before it is sent: an error key of the upsell namespace, or undefined. */
export function validateGiftCode(code: string): string | undefined {
  const c = code.trim()
  if (!c) return 'gift.errors.empty'
  if (c.length > GIFT_CODE_MAX) return 'gift.errors.long'
  if (!/^[A-Za-z0-9 -]+$/.test(c)) return 'gift.errors.chars'
  return undefined
}

/** Card brands a link may name (?brand=…), shown by their own names; any other value is not echoed. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  mc: 'Mastercard',
  amex: 'American Express',
  americanexpress: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
}

/** The brand name for a ?brand= value, or null when the value is not a known card brand. */
export function cardBrandName(value: string | null): string | null {
  if (!value) return null
  return BRANDS[value.toLowerCase().replace(/[^a-z]/g, '')] ?? null
}
