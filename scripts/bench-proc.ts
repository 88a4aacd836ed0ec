/**
 * What the API benches share (scripts/bench-api.ts, scripts/bench-click.ts): the servers they start
 * (stopped on exit), free ports, the server on CPU 0 and
 * the load generator (this process) on the other CPUs when taskset is there, and the CPU time a server
 * and its descendants used (tsx runs the server in a child), read from /proc. Under other load on a
 * shared machine latency measures the machine; CPU time per request measures the route.
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { buildServer, SERVER_BUNDLE } from './build-server.mjs'

function hasTaskset() {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

export const cores = cpus().length
/** Whether servers go to CPU 0 (`taskset -c 0 <cmd>`) and this process to the others. */
export const pin = cores > 1 && hasTaskset()
/**
 * Moves this process (a bench's load generator) off the servers' core, when pinning is on. Called by
 * each bench, not on import: a process's children inherit its CPUs, and test:cluster's instances and
 * bench-inp's server and browser, started by scripts that import this module only for its helpers, ran
 * on this one core with their own load (the cluster's p99 measured one core's queue: 1.3 to 18 s).
 */
export function pinLoadOffServers() {
  if (pin) execFileSync('taskset', ['-cp', `1-${cores - 1}`, String(process.pid)], { stdio: 'ignore' })
}

/** A server's command line, pinned to CPU 0 when pinning is on. */
export const pinned = (cmd: string[]) => (pin ? ['taskset', '-c', '0', ...cmd] : cmd)

export const hasProc = existsSync('/proc/self/stat')
let tickMs = 10
try {
  tickMs = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())
} catch {
  // the usual 100 Hz
}

/** CPU time (ms) of a process and its descendants; NaN when /proc cannot tell. */
/** Resident memory of a process and its children (MB), or NaN without /proc. */
export function rssMbOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    let kb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? Number.NaN)
    for (const t of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean))
      kb += rssMbOf(Number(t)) * 1024
    return kb / 1024
  } catch {
    return Number.NaN
  }
}

export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    let ms = (Number(f[11]) + Number(f[12])) * tickMs
    for (const t of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean))
      ms += cpuMsOf(Number(t))
    return ms
  } catch {
    return Number.NaN
  }
}

/** The servers a bench started: stopped when it exits or is interrupted. */
export const children: ChildProcess[] = []
export function stopServers() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM')
}
process.on('exit', stopServers)
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.once(sig, () => {
    stopServers()
    process.exit(130)
  })

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer()
    s.once('error', () => resolve(false))
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)))
  })
}
const taken = new Set<number>()
/** A free port of from..from+99 on loopback, never one this process handed out before. */
export async function freePort(from: number): Promise<number> {
  const first = Math.floor(Math.random() * 100)
  for (let i = 0; i < 100; i++) {
    const p = from + ((first + i) % 100)
    if (!taken.has(p) && (await portFree(p))) {
      taken.add(p)
      return p
    }
  }
  throw new Error(`no free port in ${from}-${from + 99}`)
}

/**
 * The command `npm start` runs the API server with (scripts/start.mjs): plain Node on the compiled
 * bundle, compiled now so the bench measures the sources as they are.
 */
export async function ourServerCommand(nodeFlags: string[] = []): Promise<string[]> {
  await buildServer()
  return [process.execPath, '--enable-source-maps', ...nodeFlags, SERVER_BUNDLE]
}

/** Polls `url` until it answers 2xx; throws with the log's tail when `child` exits first, or after `ms`. */
export async function waitFor(url: string, child: ChildProcess, log: string, ms = 180_000) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : ''
      throw new Error(`server exited with ${child.exitCode}\n${tail}`)
    }
    try {
      const r = await fetch(url)
      if (r.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not start in time (${url})`)
}

/**
 * This process's environment without what would change how a server a bench starts runs (its mode, log
 * level, caches, limits, database, demo data): the bench sets what it needs.
 */
export function benchServerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const k of [
    'NODE_ENV',
    'LOG_LEVEL',
    'CATALOG_CACHE_SECONDS',
    'LOGIN_LIMIT_PER_IP',
    'LOGIN_LIMIT_PER_EMAIL',
    'DATABASE_URL',
    'DATA_DIR',
    'OUTBOX_DIR',
    'SEED_DEMO',
  ])
    delete env[k]
  return env
}

/** A server a bench started (stopped on exit with the others). */
export interface BenchServer {
  base: string
  log: string
  /** CPU time the server has used so far (ms), or NaN without /proc. */
  cpuMs(): number
  /** From spawn until it answered its ready path (ms). */
  startMs: number
  /** Resident memory now (MB), or NaN without /proc. */
  rssMb(): number
  stop(): Promise<void>
}

/**
 * Starts a server: `cmd` pinned, in the repository, with `env` and PORT (a free port of
 * ports..ports+99), stdout and stderr to the file `log`; resolves once `ready` answers 2xx.
 */
export async function startServer(
  cmd: string[],
  env: NodeJS.ProcessEnv,
  opts: { log: string; ready: string; ports: number },
): Promise<BenchServer> {
  const { log } = opts
  const port = await freePort(opts.ports)
  const fd = openSync(log, 'a')
  // taskset execs the command: the child's pid is the server's (or tsx's, whose child is the server)
  const argv = pinned(cmd)
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: join(import.meta.dirname, '..'),
    env: { ...env, PORT: String(port) },
    // stdout to a file, as a server's log usually goes: the writes are part of what is measured
    stdio: ['ignore', fd, fd],
  })
  closeSync(fd)
  children.push(child)
  const base = `http://127.0.0.1:${port}`
  const t0 = Date.now()
  await waitFor(`${base}${opts.ready}`, child, log)
  const startMs = Date.now() - t0
  return {
    base,
    log,
    startMs,
    rssMb: () => (hasProc && child.pid ? rssMbOf(child.pid) : Number.NaN),
    cpuMs: () => (hasProc && child.pid ? cpuMsOf(child.pid) : Number.NaN),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
