/**
 * The long tasks of a page's load, each with what ran in it (issue 30): a diagnosis, not a test.
 *
 *   BASE=http://127.0.0.1:3000 npx tsx scripts/long-tasks.ts /t-mobile-coupons [more paths]
 *
 * Loads each path in Debian's Chromium at CPU x4 (LT_CPU=<n> to change), phone-sized, records Chromium's
 * trace with V8's samples, and prints every main-thread task over 50 ms: its start, its length, the
 * trace events at its top (Layout, Paint, TimerFire...) and the JavaScript functions that took most of
 * it (inclusive). Then the blocking time after the first contentful paint (the part of each task over
 * 50 ms, as Lighthouse counts it, though Lighthouse simulates its CPU rather than slowing it).
 * MEMBER_TOKEN=<login token> loads the page signed in. LT_TOP=<n> lists n functions a task (default 6). Function names are the minifier's: for readable
 * ones, build once with `mangle: false` in rsbuild.config.ts's minimizerOptions (do not commit that).
 * Figures move with the machine's load: compare trees run by run, on a quiet machine.
 */
import { chromium } from '@playwright/test'
import constants from '../config/constants.json' with { type: 'json' }
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } }
}
interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

const base = process.env.BASE ?? 'http://127.0.0.1:3000'
const rate = Number(process.env.LT_CPU ?? 4)
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/']
const token = process.env.MEMBER_TOKEN

const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS })
try {
  for (const path of paths) await measure(path)
} finally {
  await browser.close()
}

async function measure(path: string) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } })
  if (token) await ctx.addCookies([{ name: constants.loginCookieName, value: token, url: base }])
  const page = await ctx.newPage()
  const cdp = await ctx.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  })
  await page.goto(base + path, { waitUntil: 'load' })
  // no polling of the page (a waitFor's queries are tasks of their own): a fixed wait for the take-over
  await page.waitForTimeout(Number(process.env.LT_WAIT_MS ?? 7000))
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  )
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
  await ctx.close()
  report(path, trace.traceEvents, profile, fcp)
}

function report(path: string, events: TraceEvent[], profile: Profile, fcp: number) {
  const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(thread),
  )
  const count = new Map<string, number>()
  for (const e of events) if (mains.has(thread(e))) count.set(thread(e), (count.get(thread(e)) ?? 0) + 1)
  const main = [...count].sort((a, b) => b[1] - a[1])[0]?.[0]
  const onMain = events
    .filter((e) => thread(e) === main && e.ph === 'X' && e.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const start =
    events.find((e) => e.name === 'navigationStart' && thread(e) === main)?.ts ?? onMain[0]?.ts ?? 0
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const sampleTimes: number[] = []
  let t = profile.startTime
  for (const d of profile.timeDeltas) {
    t += d
    sampleTimes.push(t)
  }

  console.log(`\n${path} (CPU x${rate}; first contentful paint at ${fcp.toFixed(0)} ms)`)
  let blocking = 0
  for (const task of onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000)) {
    const end = task.ts + (task.dur ?? 0)
    const ms = (task.dur ?? 0) / 1000
    const at = (task.ts - start) / 1000
    if (at >= fcp) blocking += ms - 50
    // the trace events at the top of the task
    const top = new Map<string, number>()
    let until = 0
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end || e.ts < until) continue
      until = e.ts + (e.dur ?? 0)
      const d = e.args?.data
      const label = [e.name, d?.functionName, d?.type].filter(Boolean).join(' ')
      top.set(label, (top.get(label) ?? 0) + (e.dur ?? 0))
    }
    // the JavaScript in it, inclusive, without the scheduler's and the bundler's frames
    const js = new Map<string, number>()
    for (let i = 0; i < profile.samples.length; i++) {
      const ts = sampleTimes[i]!
      if (ts < task.ts || ts > end) continue
      const weight = profile.timeDeltas[i + 1] ?? 0
      const seen = new Set<string>()
      for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
        const f = nodes.get(id)!.callFrame
        const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/.*\//, '').replace(/\.[0-9a-f]{8}\.js$/, '')}`
        if (!seen.has(key)) js.set(key, (js.get(key) ?? 0) + weight)
        seen.add(key)
      }
    }
    const skip =
      /^\((root|program|idle|anonymous)\)|performWork|workLoop|renderRoot|performUnitOfWork|__webpack_require__/
    const fmt = (m: Map<string, number>, n: number) =>
      [...m]
        .filter(([k]) => !skip.test(k))
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${k.trim()} ${(v / 1000).toFixed(0)}`)
        .join(' | ')
    console.log(`  ${at.toFixed(0).padStart(6)} ms  ${ms.toFixed(0).padStart(4)} ms  ${fmt(top, 4)}`)
    const code = fmt(js, Number(process.env.LT_TOP ?? 6))
    if (code) console.log(`                       js: ${code}`)
  }
  console.log(`  blocking after the first contentful paint: ${blocking.toFixed(0)} ms`)
}
