import http from 'node:http'

/**
 * A steady load: requests sent at a fixed rate, evenly spaced (request i is due at start + i / rate),
 * over a pool of keep-alive connections, each request's latency counted from the moment it was DUE,
 * not from when a free connection took it (a request that waits for a connection, or for a slow
 * client, counts its wait: no coordinated omission).
 *
 * Why not autocannon's `overallRate` (used by the throughput benches): it lets each connection send its
 * whole quota for the second at the start of the second, back to back, then pause until the next
 * second (lib/httpClient.js, `reqsMadeThisSecond`), so "200 requests per second over 10 connections" is
 * a burst of 200 requests every second, and its correction for coordinated omission takes an expected
 * interval of ceil(1 / rate) = 1 ms (lib/run.js), which adds made-up samples to every reply slower than
 * 1 ms. Both measure a burst, not the rate asked for.
 */
export interface SteadyResult {
  sent: number
  ok: number
  non2xx: number
  errors: number
  /** of the errors, the requests with no answer within `timeoutMs` */
  timeouts: number
  /** latencies in ms from each request's due time */
  p50: number
  p90: number
  p99: number
  max: number
  /** requests answered per second over the run */
  rps: number
  /** each request's [due time in s from the start, latency in ms], in the order answered */
  points: [number, number][]
}

/** The p99 (and count) of the requests due between `from` and `to` seconds of a run. */
export function p99Between(points: readonly [number, number][], from: number, to: number) {
  const lat = points
    .filter(([at]) => at >= from && at < to)
    .map(([, ms]) => ms)
    .sort((a, b) => a - b)
  const q = lat.length ? lat[Math.min(lat.length - 1, Math.floor(0.99 * lat.length))]! : 0
  return { n: lat.length, p99: Math.round(q * 10) / 10 }
}

/** One request of a mixed load: what `next` gives for each request in turn. */
export interface SteadyRequest {
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
}

export async function steadyLoad(o: {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** A mixed load: each request's method, path, headers and body (then `url` gives the host only). */
  next?: () => SteadyRequest
  rate: number
  seconds: number
  connections: number
  /** no answer within this long counts as an error and a timeout (default 10 s) */
  timeoutMs?: number
}): Promise<SteadyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections })
  const u = new URL(o.url)
  const same: SteadyRequest = {
    method: o.method ?? 'GET',
    path: `${u.pathname}${u.search}`,
    ...(o.headers ? { headers: o.headers } : {}),
    ...(o.body !== undefined ? { body: o.body } : {}),
  }
  let timeouts = 0
  const one = (q: SteadyRequest) =>
    new Promise<number>((resolve) => {
      const r = http.request(
        { host: u.hostname, port: u.port, path: q.path, method: q.method, agent, headers: q.headers },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
          res.on('error', () => resolve(0))
        },
      )
      r.setTimeout(o.timeoutMs ?? 10_000, () => {
        timeouts++
        r.destroy()
      })
      r.on('error', () => resolve(0))
      r.end(q.body)
    })
  const total = Math.round(o.rate * o.seconds)
  const lat: number[] = []
  const points: [number, number][] = []
  let ok = 0
  let non2xx = 0
  let errors = 0
  const pending: Promise<void>[] = []
  const t0 = performance.now()
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / o.rate
    const wait = due - performance.now()
    if (wait > 1) await new Promise((r) => setTimeout(r, wait))
    pending.push(
      one(o.next ? o.next() : same).then((status) => {
        const ms = performance.now() - due
        lat.push(ms)
        points.push([(due - t0) / 1000, ms])
        if (status === 0) errors++
        else if (status >= 200 && status < 300) ok++
        else non2xx++
      }),
    )
  }
  await Promise.all(pending)
  const elapsed = (performance.now() - t0) / 1000
  agent.destroy()
  lat.sort((a, b) => a - b)
  const q = (p: number) => Math.round(lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]! * 10) / 10
  return {
    sent: total,
    ok,
    non2xx,
    errors,
    timeouts,
    p50: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    max: q(1),
    rps: total / elapsed,
    points,
  }
}
