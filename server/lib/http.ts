import type { z } from 'zod/mini'

export type Errors = Record<string, string[]>
/** One stable machine code per field of `errors` (snake_case; the client maps it to an i18n key). */
export type Codes = Record<string, string>

/** The code of an error answer that names none of its own, by HTTP status. */
export function statusCode(status: number): string {
  const known: Record<number, string> = {
    400: 'bad_request',
    401: 'unauthenticated',
    402: 'payment_declined',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'body_too_large',
    415: 'unsupported_media_type',
    422: 'invalid',
    429: 'rate_limited',
  }
  return known[status] ?? (status >= 500 ? 'server_error' : 'bad_request')
}

/**
 * The body of every error answer: `code` (the first field's code), `errors` (field -> English
 * messages, as before) and `codes` (field -> code). A client shows the text of `codes[field]` in
 * its language and the English message when it does not know the code.
 */
export function errorBody(
  status: number,
  errors: Errors,
  codes: Codes = {},
  extra: Record<string, unknown> = {},
) {
  const all: Codes = {}
  for (const k of Object.keys(errors)) all[k] = codes[k] ?? statusCode(status)
  const first = Object.keys(errors)[0]
  return { ...extra, code: (first && all[first]) || statusCode(status), errors, codes: all }
}

/** An error a client can cause; the error handler turns it into `errorBody` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: Errors,
    readonly extra: Record<string, unknown> = {},
    readonly codes: Codes = {},
  ) {
    super(Object.values(errors)[0]?.[0] ?? 'Error')
  }
  body() {
    return errorBody(this.statusCode, this.errors, this.codes, this.extra)
  }
}

/** One field's error; `code` defaults to the status's code (404 not_found, 422 invalid, ...). */
export const fail = (status: number, field: string, message: string, code?: string) =>
  new HttpError(status, { [field]: [message] }, {}, code ? { [field]: code } : {})

const at = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
    value,
  )

/**
 * A zod issue as a stable code: required (the field is missing), too_short, too_long, too_small,
 * too_big, invalid_format, invalid.
 */
export function issueCode(i: z.core.$ZodIssue, value: unknown): string {
  if (i.code === 'invalid_type' && at(value, i.path) === undefined) return 'required'
  if (i.code === 'too_small') return i.origin === 'string' ? 'too_short' : 'too_small'
  if (i.code === 'too_big') return i.origin === 'string' ? 'too_long' : 'too_big'
  if (i.code === 'invalid_format') return 'invalid_format'
  return 'invalid'
}

/** zod issues -> `{ field: [messages] }` and `{ field: code }`; the field is the dotted path, or `root`. */
export function issuesToErrorsAndCodes(
  issues: readonly z.core.$ZodIssue[],
  value: unknown,
  root = 'body',
): { errors: Errors; codes: Codes } {
  const errors: Errors = {}
  const codes: Codes = {}
  for (const i of issues) {
    const key = i.path.length ? i.path.map(String).join('.') : root
    const list = errors[key] ?? []
    if (!list.includes(i.message)) list.push(i.message)
    errors[key] = list
    codes[key] ??= issueCode(i, value)
  }
  return { errors, codes }
}

export function parseWith<T extends z.ZodMiniType>(schema: T, value: unknown, root: string): z.infer<T> {
  const r = schema.safeParse(value)
  if (!r.success) {
    const { errors, codes } = issuesToErrorsAndCodes(r.error.issues, value, root)
    throw new HttpError(422, errors, {}, codes)
  }
  return r.data as z.infer<T>
}

/** A tiny in-process TTL cache. Lists are cached for seconds only: the API stays stateless in effect. */
export class TtlCache<V> {
  private map = new Map<string, { v: V; until: number }>()
  constructor(
    private ttlMs: number,
    private max = 5000,
  ) {}
  get(k: string): V | undefined {
    const e = this.map.get(k)
    if (!e) return undefined
    if (e.until < Date.now()) {
      this.map.delete(k)
      return undefined
    }
    return e.v
  }
  set(k: string, v: V, ttlMs = this.ttlMs) {
    if (this.map.size >= this.max) {
      const first = this.map.keys().next().value
      if (first !== undefined) this.map.delete(first)
    }
    this.map.set(k, { v, until: Date.now() + ttlMs })
  }
  /** The value kept for `k`, or (none, or out of date) the one `make` answers, kept from now on. */
  async through(k: string, make: () => Promise<V>): Promise<V> {
    const hit = this.get(k)
    if (hit !== undefined) return hit
    const v = await make()
    this.set(k, v)
    return v
  }
  delete(k: string) {
    this.map.delete(k)
  }
  clear() {
    this.map.clear()
  }
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  for (const part of header.split(';')) {
    const i = part.indexOf('=')
    if (i < 0) continue
    const k = part.slice(0, i).trim()
    try {
      out[k] = decodeURIComponent(part.slice(i + 1).trim())
    } catch {
      out[k] = part.slice(i + 1).trim()
    }
  }
  return out
}
