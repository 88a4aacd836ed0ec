/**
 * The app's HTTP error, apart from the client (./client.ts) so that code which only checks errors
 * (`instanceof HttpError`: models, guards, forms) does not pull axios into the entry bundle; the
 * client, and axios with it, loads in a chunk of its own that the page preloads (src/boot.ts).
 */
export type HttpErrorKind = 'status' | 'network' | 'aborted' | 'timeout'

/**
 * Every failed call becomes one of these. `message` is the spec's text ('Request failed with status
 * code 500', 'Network Error', 'Request aborted', 'timeout of 15000ms exceeded'); `errors` is the
 * server's errors object (field -> messages) when the reply had one.
 */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly kind: HttpErrorKind,
    readonly status?: number,
    readonly errors?: Record<string, string[]>,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'HttpError'
  }
  /** The first message of the server's errors object, if any. */
  get firstError(): string | undefined {
    for (const list of Object.values(this.errors ?? {})) if (list[0]) return list[0]
    return undefined
  }
  /** The server's stable machine code of the error ('invalid_credentials', 'not_found', …), if it sent one. */
  get code(): string | undefined {
    const c = (this.data as { code?: unknown } | null | undefined)?.code
    return typeof c === 'string' ? c : undefined
  }
  /** The server's code of each field of `errors` (field -> code); empty when it sent none. */
  get codes(): Record<string, string> {
    const c = (this.data as { codes?: unknown } | null | undefined)?.codes
    const out: Record<string, string> = {}
    if (typeof c === 'object' && c !== null)
      for (const [k, v] of Object.entries(c)) if (typeof v === 'string') out[k] = v
    return out
  }
}
