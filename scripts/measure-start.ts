/**
 * Start-up and memory at rest of the server `npm start` runs (issue 29), on the embedded database:
 *   npx tsx scripts/measure-start.ts [--runs 3] [--rest-seconds 10] [--port 3700] [--seed-demo 0|1|both]
 *
 * Each run starts the compiled server (build/server/main.mjs, compiled now, as scripts/bench-proc.ts's
 * ourServerCommand does for the bench) on a fresh DATA_DIR (a temp folder: migrations and the seed),
 * stops it, and starts it again on that existing folder. For each start: the ms from spawn until
 * GET /api/health/ready answers 200, then after --rest-seconds at rest the server process's resident
 * memory (VmRSS of /proc/<pid>/status) and where it is: process.memoryUsage() (V8 heap used and total,
 * external, array buffers) and the size of each live WebAssembly memory (PGlite's: it only grows). Those
 * come from a probe loaded into the server with `node --import` for this measure only (never in
 * production): on SIGUSR2 it writes them to a file. Prints every start, then the medians, with the
 * machine's load average beside them. --seed-demo: without the demo data (npm start), with it
 * (SEED_DEMO=1: the bench, Lighthouse and e2e servers), or both (default).
 */
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { arg } from './bench-args.ts'
import { benchServerEnv, children, ourServerCommand, pin, pinned, rssMbOf, waitFor } from './bench-proc.ts'

const root = join(import.meta.dirname, '..')
const runs = Number(arg('runs') ?? 3)
const restSeconds = Number(arg('rest-seconds') ?? 10)
const port = Number(arg('port') ?? 3700)
const demoArg = arg('seed-demo') ?? 'both'
const demos = demoArg === 'both' ? [false, true] : [demoArg === '1']
const GOAL_READY_MS = 3_000
const GOAL_RSS_MB = 500

/** The probe (node --import): PGlite's WebAssembly memories, and on SIGUSR2 the figures to a file. */
const probe = `import { writeFileSync } from 'node:fs'
const mems = []
const M = WebAssembly.Memory
WebAssembly.Memory = new Proxy(M, { construct(t, a, nt) { const m = Reflect.construct(t, a, nt); mems.push(new WeakRef(m)); return m } })
process.on('SIGUSR2', () => {
  const wasm = mems.map((r) => r.deref()).filter(Boolean).map((m) => m.buffer.byteLength)
  writeFileSync(process.env.MEASURE_MEMORY_FILE, JSON.stringify({ ...process.memoryUsage(), wasm }))
})`

interface Figures {
  readyMs: number
  rssMb: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
  /** The live WebAssembly memories' sizes (MB). */
  wasm: number[]
}

const MB = 1024 * 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function startOnce(cmd: string[], dataDir: string, demo: boolean, work: string, name: string) {
  const log = join(work, `${name}.log`)
  const memFile = join(work, `${name}.mem.json`)
  const env = benchServerEnv()
  const fd = openSync(log, 'a')
  const argv = pinned(cmd)
  const t0 = Date.now()
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: root,
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN_SECONDS: '0',
      MEASURE_MEMORY_FILE: memFile,
      ...(demo ? { SEED_DEMO: '1' } : {}),
    },
    stdio: ['ignore', fd, fd],
  })
  closeSync(fd)
  children.push(child)
  await waitFor(`http://127.0.0.1:${port}/api/health/ready`, child, log)
  const readyMs = Date.now() - t0
  await sleep(restSeconds * 1000)
  // taskset execs the command: the child's pid is the server's
  const rssMb = rssMbOf(child.pid!)
  child.kill('SIGUSR2')
  for (let i = 0; i < 50 && !existsSync(memFile); i++) await sleep(100)
  const m = JSON.parse(readFileSync(memFile, 'utf8')) as Omit<Figures, 'readyMs' | 'rssMb'>
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
  return {
    readyMs,
    rssMb,
    heapUsed: m.heapUsed / MB,
    heapTotal: m.heapTotal / MB,
    external: m.external / MB,
    arrayBuffers: m.arrayBuffers / MB,
    wasm: m.wasm.map((b) => b / MB),
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}
const r0 = (n: number) => String(Math.round(n))
const line = (label: string, f: Figures) =>
  `  ${label.padEnd(26)} ${`${r0(f.readyMs)} ms`.padStart(8)} ${`${r0(f.rssMb)} MB`.padStart(8)}   heap ${r0(f.heapUsed)}/${r0(f.heapTotal)} MB, external ${r0(f.external)} MB (array buffers ${r0(f.arrayBuffers)}), WebAssembly ${f.wasm.map(r0).join(' + ') || '0'} MB`
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

const cmd = await ourServerCommand(['--import', `data:text/javascript,${encodeURIComponent(probe)}`])
console.log(
  `Start-up of npm start's compiled server on the embedded database: ${runs} runs, resident memory after ${restSeconds} s at rest; ${pin ? 'server pinned to CPU 0' : 'not pinned'}; load average ${load()} at start`,
)
const work = mkdtempSync(join(tmpdir(), 'measure-start-'))
try {
  for (const demo of demos) {
    const label = demo ? 'SEED_DEMO=1' : 'no demo data'
    console.log(`\n${label}: ready after, resident at rest, where it is`)
    const fresh: Figures[] = []
    const existing: Figures[] = []
    for (let i = 1; i <= runs; i++) {
      const dataDir = join(work, `data-${demo ? 'demo' : 'plain'}-${i}`)
      fresh.push(await startOnce(cmd, dataDir, demo, work, `${demo ? 'demo' : 'plain'}-${i}-fresh`))
      console.log(line(`run ${i}, fresh database`, fresh.at(-1)!))
      existing.push(await startOnce(cmd, dataDir, demo, work, `${demo ? 'demo' : 'plain'}-${i}-existing`))
      console.log(line(`run ${i}, existing database`, existing.at(-1)!))
      rmSync(dataDir, { recursive: true, force: true })
    }
    for (const [kind, fs] of [
      ['fresh', fresh],
      ['existing', existing],
    ] as const) {
      const med: Figures = {
        readyMs: median(fs.map((f) => f.readyMs)),
        rssMb: median(fs.map((f) => f.rssMb)),
        heapUsed: median(fs.map((f) => f.heapUsed)),
        heapTotal: median(fs.map((f) => f.heapTotal)),
        external: median(fs.map((f) => f.external)),
        arrayBuffers: median(fs.map((f) => f.arrayBuffers)),
        wasm: [median(fs.map((f) => f.wasm.reduce((a, b) => a + b, 0)))],
      }
      const goals = [
        kind === 'existing' ? `ready under 3 s: ${med.readyMs < GOAL_READY_MS ? 'ok' : 'MISSED'}` : '',
        `under ${GOAL_RSS_MB} MB: ${med.rssMb < GOAL_RSS_MB ? 'ok' : 'MISSED'}`,
      ].filter(Boolean)
      console.log(`${line(`median, ${kind}`, med)}  (${goals.join('; ')})`)
    }
  }
  console.log(`\nload average ${load()} at the end`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
