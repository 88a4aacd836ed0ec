/**
 * API throughput: starts the server (child process, pinned to one core when taskset exists, in-memory PGlite),
 * runs autocannon for a few seconds each against the store list, token sync and login, prints req/s and p99.
 * Usage: tsx scripts/bench-api.ts [--seconds 5] [--database-url postgres://...]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import autocannon from 'autocannon'

const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
const seconds = Number(arg('seconds') ?? 5)
const databaseUrl = arg('database-url') ?? process.env.BENCH_DATABASE_URL

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const a = s.address()
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))))
    })
  })
}

function hasTaskset() {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

async function waitFor(url: string, child: ChildProcess, ms = 60_000) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const r = await fetch(url)
      if (r.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start in time')
}

interface Result {
  name: string
  rps: number
  p99: number
  non2xx: number
  errors: number
}

function run(name: string, opts: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, ...opts }, (err, r) => {
      if (err) return reject(err)
      resolve({ name, rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors })
    })
  })
}

const port = await freePort()
const base = `http://127.0.0.1:${port}`
const pin = hasTaskset()
const cmd = pin ? 'taskset' : process.execPath
const cmdArgs = [...(pin ? ['-c', '0', process.execPath] : []), '--import', 'tsx', 'server/main.ts']
const child = spawn(cmd, cmdArgs, {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_DEMO: '1', // the bench signs in as the demo member
    LOGIN_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_EMAIL: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: 'memory://' }),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const stop = () => {
  if (child.exitCode === null) child.kill('SIGTERM')
}
process.on('exit', stop)

try {
  await waitFor(`${base}/api/health`, child)
  const login = await fetch(`${base}/api/web/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'demo@example.com',
      password: 'demo-rewards-2024',
      'g-recaptcha-response': 'bench',
    }),
  })
  const token = ((await login.json()) as { login_token: string }).login_token
  const results: Result[] = []
  results.push(
    await run('GET /api/stores?per_page=50', { url: `${base}/api/stores?per_page=50`, connections: 10 }),
  )
  results.push(
    await run('POST /api/sync-token', {
      url: `${base}/api/sync-token`,
      method: 'POST',
      connections: 10,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    }),
  )
  results.push(
    await run('POST /api/web/login', {
      url: `${base}/api/web/login`,
      method: 'POST',
      connections: 4,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'demo@example.com',
        password: 'demo-rewards-2024',
        'g-recaptcha-response': 'bench',
      }),
    }),
  )
  console.log(
    `\nAPI bench (${seconds}s each, server ${pin ? 'pinned to one core' : 'not pinned'}, ${databaseUrl ? 'PostgreSQL' : 'PGlite in memory'})`,
  )
  for (const r of results) {
    console.log(
      `${r.name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(5)} ms${r.non2xx || r.errors ? `   (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`,
    )
  }
  console.log('Login is bounded by scrypt (N=2^17, r=8, p=1) by design.')
} finally {
  stop()
}
