import type { z } from 'zod/mini'

export type Errors = Record<string, string[]>

/** An error a client can cause; the error handler turns it into `{ errors }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: Errors,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(Object.values(errors)[0]?.[0] ?? 'Error')
  }
}

export const fail = (status: number, field: string, message: string, extra?: Record<string, unknown>) =>
  new HttpError(status, { [field]: [message] }, extra)

/** zod issues -> `{ field: [messages] }`; the field is the dotted path, or `body` for the root. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[], root = 'body'): Errors {
  const out: Errors = {}
  for (const i of issues) {
    const key = i.path.length ? i.path.map(String).join('.') : root
    const list = out[key] ?? []
    if (!list.includes(i.message)) list.push(i.message)
    out[key] = list
  }
  return out
}

export function parseWith<T extends z.ZodMiniType>(schema: T, value: unknown, root: string): z.infer<T> {
  const r = schema.safeParse(value)
  if (!r.success) throw new HttpError(422, issuesToErrors(r.error.issues, root))
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
