/**
 * npm run config:check [-- --brand <id>] [--emit]
 * Prints every problem of config/ as "file at json.path: sentence" and exits 1 when there is any.
 * With --emit, prints the brand's runtime config as JSON on stdout (used by the build).
 */
import { register } from 'node:module'
import { resolve } from 'node:path'
import { formatProblem } from '../../shared/config-problem'
import { checkConfig } from './check'

// The check imports each plugin's index.ts; through the core's public module (src/index.ts) that may
// reach a component's stylesheet, which Node cannot load. A stylesheet is an empty module here.
register(
  `data:text/javascript,${encodeURIComponent(
    "export async function load(url, context, next) { return /\\.css([?#].*)?$/.test(url) ? { format: 'module', source: 'export default {}', shortCircuit: true } : next(url, context) }",
  )}`,
)

const args = process.argv.slice(2)
const brandIdx = args.indexOf('--brand')
const brand = brandIdx >= 0 ? args[brandIdx + 1] : undefined
const envIdx = args.indexOf('--env')
const environment = envIdx >= 0 ? args[envIdx + 1] : undefined
const emit = args.includes('--emit')
const rootIdx = args.indexOf('--root')
const root = resolve(rootIdx >= 0 ? args[rootIdx + 1]! : process.cwd())

const { problems, notes, configs } = await checkConfig(root, {
  brands: brand ? [brand] : undefined,
  environment,
})
if (problems.length) {
  console.error(`config:check found ${problems.length} problem${problems.length > 1 ? 's' : ''}:`)
  for (const p of problems) console.error(`  - ${formatProblem(p)}`)
  process.exit(1)
}
if (emit) {
  process.stdout.write(JSON.stringify(configs.get(brand ?? [...configs.keys()][0]!)))
} else {
  const left = new Map<string, number>()
  for (const n of notes) {
    const m = /^(\S+): .*plugin '([^']+)' is not enabled/.exec(n)
    const link = /^(\S+): .*draws nothing here \(plugin '([^']+)' is off/.exec(n)
    const key = m
      ? `${m[1]}: routes of plugin '${m[2]}' left out (not enabled)`
      : link
        ? `${link[1]}: links to pages of plugin '${link[2]}' draw nothing (not enabled)`
        : n
    left.set(key, (left.get(key) ?? 0) + 1)
  }
  for (const [n, count] of left) console.log(`  note: ${n}${count > 1 ? ` x${count}` : ''}`)
  console.log(
    `config:check: ${configs.size} brand${configs.size === 1 ? '' : 's'} OK (${[...configs.keys()].join(', ')})`,
  )
}
