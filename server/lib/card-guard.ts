import type { FastifyInstance } from 'fastify'
import { errorBody } from './http.ts'

/**
 * The card-number guard (issue 27: card numbers never reach our server). The card form posts the
 * card to the payment provider's tokenize URL, outside /api, and sends us only the provider's token;
 * a request to /api whose body still carries a card number is refused with 400 `card_number_refused`
 * in a hook that runs right after the body is parsed: before any handler, and no log line holds the
 * body (the request log names the method, path and status only).
 *
 * A card number is
 * - the value of a field named like one (card_number, cardNumber, pan, cc, …) with 12 to 19 digits
 *   (spaces and dashes allowed), Luhn or not; or
 * - any string (or integer) that looks like a card: 13 to 19 digits grouped by spaces or dashes at
 *   most, starting like a card brand, passing Luhn. About 1 in 10 digit strings pass Luhn, so the
 *   fields that are ids of another kind (CARD_ID_FIELDS: order numbers, tracking numbers, …) are
 *   not read that way.
 */

/** Field names (lower case, letters and digits only: card[number] is cardnumber) that hold a card number. */
const CARD_FIELDS = new Set([
  'card',
  'cardnumber',
  'cardnum',
  'cardno',
  'pan',
  'cc',
  'ccnum',
  'ccnumber',
  'ccno',
  'creditcard',
  'creditcardnumber',
  'debitcard',
  'debitcardnumber',
  'number',
])

/**
 * The fields that are ids, not cards, though their digits may pass Luhn: the order numbers of rebate
 * claims and cash back inquiries, references of other parties. Add a field here when a form takes a
 * long number that is not a card (server/card-guard.test.ts keeps it honest).
 */
export const CARD_ID_FIELDS: readonly string[] = [
  'order_number',
  'order_id',
  'order_ref',
  'reference',
  'tracking_number',
  'transaction_id',
  'conversion_id',
  'click_id',
  'subid',
  'sid',
  'phone',
  // gift card codes (POST /api/gift/redeem) are often 16 to 19 digits starting with 6
  'code',
  'gift_card_code',
]
const ID_FIELDS = new Set(CARD_ID_FIELDS.map((f) => norm(f)))

function norm(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** Digits grouped by single spaces or dashes at most: "4242 4242 4242 4242", "4242-4242-…". */
const GROUPED = /^\d+(?:[ -]\d+)*$/

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let n = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      n *= 2
      if (n > 9) n -= 9
    }
    sum += n
  }
  return sum % 10 === 0
}

/**
 * The first digits of the card brands: Visa 4; Mastercard 51-55 and 2221-2720; Maestro 50, 56-58;
 * Amex 34, 37; Diners 300-305, 36, 38, 39; JCB 3528-3589; Discover, UnionPay and Maestro 6.
 */
const BRAND =
  /^(?:4|5[0-8]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720|30[0-5]|3[4689]|37|352[89]|35[3-8]\d|6)/

function digitsOf(value: unknown): string | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? String(value) : null
  if (typeof value !== 'string') return null
  const v = value.trim()
  // a card is at most 19 digits and 18 separators: a longer string is something else, unread
  if (v.length > 40 || !GROUPED.test(v)) return null
  return v.replace(/[ -]/g, '')
}

/** Whether a value looks like a card number (brand prefix, 13–19 digits, Luhn). */
export function looksLikeCard(value: unknown): boolean {
  const d = digitsOf(value)
  return d !== null && d.length >= 13 && d.length <= 19 && BRAND.test(d) && luhn(d)
}

const MAX_DEPTH = 32

/**
 * The path of the first card number in a parsed body ('card_number', 'a.b[1].note', 'body' for the
 * body itself), or null.
 */
export function findCardNumber(body: unknown): string | null {
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key)
  const walk = (value: unknown, key: string | null, path: string, depth: number): string | null => {
    if (depth > MAX_DEPTH || value === null || value === undefined) return null
    // a raw body (bytes a signed postback or webhook route verifies) is not read as fields
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const hit = walk(value[i], key, `${path}[${i}]`, depth + 1)
        if (hit !== null) return hit
      }
      return null
    }
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const hit = walk(v, k, join(path, k), depth + 1)
        if (hit !== null) return hit
      }
      return null
    }
    const k = key === null ? null : norm(key)
    if (k !== null && CARD_FIELDS.has(k)) {
      const d = digitsOf(value)
      if (d !== null && d.length >= 12 && d.length <= 19) return path || 'body'
      return null
    }
    if (k !== null && ID_FIELDS.has(k)) return null
    return looksLikeCard(value) ? path || 'body' : null
  }
  return walk(body, null, '', 0)
}

export const CARD_REFUSED =
  'Card numbers are not accepted here: enter your card in the card form, which sends it to the payment provider.'

/** Registers the guard on every /api route of `app` (routes declared after it, as every hook). */
export function cardGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req, reply) => {
    // the route the path found, not the raw URL: '/%61pi/…' finds an /api route too
    if (!req.routeOptions.url?.startsWith('/api/') || req.body === undefined) return
    const field = findCardNumber(req.body)
    if (field === null) return
    // the body is dropped: nothing after this hook (nor the error handler) may read or log it
    req.body = undefined
    return reply
      .code(400)
      .send(errorBody(400, { [field]: [CARD_REFUSED] }, { [field]: 'card_number_refused' }))
  })
}
