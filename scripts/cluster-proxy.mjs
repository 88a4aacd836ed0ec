#!/usr/bin/env node
// The round-robin proxy of `npm run test:cluster` (scripts/test-cluster.ts), a process of its own so the
// load generator does not share its event loop:
//   node scripts/cluster-proxy.mjs <listen port> <upstream port>...
// Each request goes to an upstream that is ready (GET /api/health/ready answered 200 at the last poll,
// every 100 ms), in smooth weighted round robin (nginx's): an upstream's weight is 1, except in its first
// SLOW_START_MS after it became ready again, when it grows from a tenth to 1 (slow start, as nginx's
// `slow_start`, HAProxy's `slowstart` or a cloud balancer's "slow start duration"): a restarted instance's
// code is not compiled yet and its caches are empty, and its full share at once queued its first seconds
// (test:cluster measured p99 550 to 2,000 ms in each of those seconds, 13 to 30 ms before them). A request is tried on another upstream only when the connection was refused, so
// nothing of it was sent; any other failure is a request that failed in flight: counted per upstream,
// answered 502 (or the reply cut when it had begun). GET /__proxy/stats answers the counts as JSON (/__proxy/reset starts the times again), with
// the time each kind of request took here (/api/<first segment>, or 'page'), p50 and p99.
import http from 'node:http'

const [listen, ...ports] = process.argv.slice(2).map(Number)
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
const SLOW_START_MS = 10_000
const up = ports.map((port) => ({
  port,
  ready: false,
  served: 0,
  failed: 0,
  refused: 0,
  since: 0,
  current: 0,
}))
/** the instances ready in the proxy's first second (the cluster's start) take their share at once */
const bornAt = performance.now()
/** requests answered 503 here because no instance was ready */
let noneReady = 0
/** ms each answered request took, by kind */
const took = new Map()
/** answers of 400 and above from the instances, by kind and status */
const statuses = new Map()
const kindOf = (url) =>
  url.startsWith('/api/') ? url.split('?')[0].split('/').slice(0, 3).join('/') : 'page'
function percentiles() {
  const out = {}
  for (const [k, xs] of took) {
    const s = [...xs].sort((a, b) => a - b)
    const at = (p) => Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))])
    out[k] = { n: s.length, p50: at(0.5), p99: at(0.99), max: Math.round(s.at(-1)) }
  }
  return out
}

async function poll(u) {
  const ok = await new Promise((resolve) => {
    const req = http.get(
      { port: u.port, host: '127.0.0.1', path: '/api/health/ready', timeout: 1000 },
      (res) => {
        res.resume()
        resolve(res.statusCode === 200)
      },
    )
    req.on('error', () => resolve(false))
    req.on('timeout', () => req.destroy())
  })
  if (ok && !u.ready) u.since = performance.now() - bornAt < 1000 ? 0 : performance.now()
  u.ready = ok
}
const weightOf = (u, now) => (u.since === 0 ? 1 : Math.min(1, Math.max(0.1, (now - u.since) / SLOW_START_MS)))
setInterval(() => {
  for (const u of up) poll(u)
}, 100)

function pick(skip) {
  const now = performance.now()
  let best
  let total = 0
  for (const u of up) {
    if (!u.ready || skip.has(u)) continue
    const w = weightOf(u, now)
    u.current += w
    total += w
    if (!best || u.current > best.current) best = u
  }
  if (best) best.current -= total
  return best
}

function forward(req, res, body, skip, t0) {
  const u = pick(skip)
  if (!u) {
    noneReady++
    res.writeHead(503, { 'content-type': 'text/plain' }).end('no instance is ready')
    return
  }
  const out = http.request(
    { port: u.port, host: '127.0.0.1', method: req.method, path: req.url, headers: req.headers, agent },
    (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers)
      if ((r.statusCode ?? 502) >= 400) {
        const k = `${kindOf(req.url)} ${r.statusCode}`
        statuses.set(k, (statuses.get(k) ?? 0) + 1)
      }
      r.pipe(res)
      r.on('end', () => {
        u.served++
        const k = kindOf(req.url)
        if (!took.has(k)) took.set(k, [])
        took.get(k).push(performance.now() - t0)
      })
      r.on('error', () => {
        u.failed++
        res.destroy()
      })
    },
  )
  out.on('error', (err) => {
    if (err.code === 'ECONNREFUSED') {
      // refused: nothing was sent, another instance takes it
      u.refused++
      u.ready = false
      skip.add(u)
      forward(req, res, body, skip, t0)
      return
    }
    u.failed++
    if (res.headersSent) res.destroy()
    else res.writeHead(502, { 'content-type': 'text/plain' }).end(`failed in flight on ${u.port}`)
  })
  out.end(body)
}

http
  .createServer((req, res) => {
    if (req.url === '/__proxy/reset') {
      took.clear()
      statuses.clear()
      res.end()
      return
    }
    if (req.url === '/__proxy/stats') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          upstreams: up,
          took: percentiles(),
          noneReady,
          statuses: Object.fromEntries(statuses),
        }),
      )
      return
    }
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    const t0 = performance.now()
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set(), t0))
  })
  .listen(listen, '127.0.0.1', () => process.send?.('listening'))
