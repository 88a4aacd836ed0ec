import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from './http.ts'
import { expiryShare } from './page-cache.ts'

/** As lib/compress.ts: a body under one packet is sent as it is. */
const MIN_BYTES = 1400

/**
 * A JSON reply serialized once, with its ETag and its brotli and gzip bytes made on first use. A
 * cached catalog reply is sent from these bytes: no JSON.stringify and no compression per request
 * (the two were most of the time of a cached store list; scripts/bench-api.ts measures it).
 * A handler returns one and lib/route.ts sends it (and checks `value` against the contract in tests).
 */
export class PreparedReply {
  readonly body: Buffer
  readonly etag: string
  private br: Buffer | undefined
  private gz: Buffer | undefined

  constructor(readonly value: unknown) {
    this.body = Buffer.from(JSON.stringify(value))
    // weak: the same JSON whatever the content encoding
    this.etag = `W/"${createHash('sha256').update(this.body).digest('base64url').slice(0, 32)}"`
  }

  brotli(): Buffer {
    this.br ??= brotliCompressSync(this.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
      },
    })
    return this.br
  }

  gzip(): Buffer {
    this.gz ??= gzipSync(this.body, { level: 6 })
    return this.gz
  }

  /** Sends the bytes the client accepts (304 when If-None-Match names this ETag). */
  send(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.header('Content-Type', 'application/json; charset=utf-8')
    const large = this.body.length >= MIN_BYTES
    if (large) {
      const vary = reply.getHeader('vary')
      reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      reply.header('ETag', this.etag)
      // the browser may keep it but asks each time (If-None-Match: a 304 without a body when unchanged);
      // private: a reply may depend on the member's token or country, so no shared cache keeps it
      reply.header('Cache-Control', 'private, no-cache')
      const inm = req.headers['if-none-match']
      if (inm && etagMatches(inm, this.etag)) return reply.code(304).send()
    }
    if (large) {
      const accept = req.headers['accept-encoding'] ?? ''
      // Buffers pass lib/compress.ts untouched: these are compressed once per cache entry
      if (/\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send(this.brotli())
      if (/\bgzip\b/.test(accept)) return reply.header('Content-Encoding', 'gzip').send(this.gzip())
    }
    return reply.send(this.body)
  }
}

/** If-None-Match: `*` or a list of (weak or strong) tags, compared weakly as RFC 9110 says for GET. */
export function etagMatches(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '')
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === bare)
}

export interface ReplyCacheOptions {
  /** How long a reply is served as it is (ms); 0: no cache, every request computes its reply. */
  ttlMs: number
  /** Entries at most; the oldest goes first. Default 2,000. */
  max?: number
  /** A refresh in the background failed (the stale reply is kept). */
  onError?: (err: unknown, key: string) => void
  /** Where each reply's freshness is drawn from (page-cache.ts expiryShare); tests pass their own. */
  random?: () => number
}

/**
 * Public replies kept as prepared bytes. For `ttlMs` (less up to a fifth, at random: expiryShare) a
 * reply is served as it is; until twice `ttlMs` it is still served at once while one refresh runs in
 * the background (stale-while-revalidate), so a busy key never makes a request wait for the database
 * and costs one query per TTL. Concurrent misses of one key share a single computation (no stampede
 * on the one database connection). An error is never cached; a refresh that finds the thing gone (an
 * HttpError, e.g. 404) drops the entry, any other failure keeps the stale reply until it is too old.
 */
export class ReplyCache {
  ttlMs: number
  private max: number
  private onError: ((err: unknown, key: string) => void) | undefined
  private random: () => number
  /** fresh: the share of ttlMs the reply is served as it is (expiryShare: replies made together expire apart) */
  private map = new Map<string, { reply: PreparedReply; at: number; fresh: number }>()
  private pending = new Map<string, Promise<PreparedReply>>()
  private cleared: (() => void)[] = []

  constructor(opts: ReplyCacheOptions) {
    this.ttlMs = opts.ttlMs
    this.max = opts.max ?? 2_000
    this.onError = opts.onError
    this.random = opts.random ?? (() => Math.random())
  }

  get(key: string, fn: () => Promise<unknown>): PreparedReply | Promise<PreparedReply> {
    if (this.ttlMs <= 0) return fn().then((v) => new PreparedReply(v))
    const e = this.map.get(key)
    const age = e ? Date.now() - e.at : Number.POSITIVE_INFINITY
    if (e && age < this.ttlMs * e.fresh) return e.reply
    if (e && age < 2 * this.ttlMs) {
      if (!this.pending.has(key))
        this.compute(key, fn).catch((err) => {
          if (err instanceof HttpError) this.map.delete(key)
          else this.onError?.(err, key)
        })
      return e.reply
    }
    if (e) this.map.delete(key)
    return this.pending.get(key) ?? this.compute(key, fn)
  }

  private compute(key: string, fn: () => Promise<unknown>): Promise<PreparedReply> {
    const p = (async () => {
      try {
        const reply = new PreparedReply(await fn())
        this.map.delete(key) // re-inserted last: the map stays in age order
        if (this.map.size >= this.max) {
          const oldest = this.map.keys().next().value
          if (oldest !== undefined) this.map.delete(oldest)
        }
        this.map.set(key, { reply, at: Date.now(), fresh: expiryShare(this.random) })
        return reply
      } finally {
        this.pending.delete(key)
      }
    })()
    this.pending.set(key, p)
    return p
  }

  get size() {
    return this.map.size
  }

  clear() {
    this.map.clear()
    for (const f of this.cleared) f()
  }

  /** Calls `f` whenever the cache is cleared (what was made from its replies, the drawn pages, goes too). */
  onClear(f: () => void) {
    this.cleared.push(f)
  }
}
