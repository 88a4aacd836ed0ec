/**
 * The import wall: one rule at any depth, driven by one table (LAYERS). Every import of every source
 * file (static, `import type`, `export ... from`, `import()`, `require`, template `import()` by its
 * fixed part) is resolved to a file (relative paths, the tsconfig.json aliases '@core' and
 * '@core/contract', '@brand'), the file to its layer, and the table says whether the importer's layer
 * may import it. A refusal names the file, the import and what to do. It also refuses import cycles
 * (type-only imports included) among server/ files and between folders of src/.
 *
 * Run by `npm test` (scripts/test.mjs, step "import wall") and `npm run lint`:
 *   npx tsx scripts/check-layers.ts
 * The README's layering diagram is `layerDiagram()` (tests/unit/check-layers.test.ts compares them).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, posix, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

export type LayerId =
  | 'src'
  | 'src/node'
  | 'src/index.ts'
  | 'src/contract.ts'
  | 'src node-safe'
  | 'plugin'
  | 'plugin contract'
  | 'server'
  | 'scripts'
  | 'build config'
  | 'tests'
  | 'config'
  | 'locales'
  | '@brand'

export interface Layer {
  id: LayerId
  /** Paths (from the repository root; * is one name, ** any depth); the first layer that matches wins. */
  files: string[]
  /** The layers its files may import ('same plugin': a plugin's files, of its own plugin only). */
  may: (LayerId | 'same plugin' | 'same plugin contract')[]
  /** What the layer is, for the diagram and the messages. */
  about: string
}

/** The table: which folder may import which. Packages are free, but the browser's layers get no `node:` module. */
export const LAYERS: Layer[] = [
  {
    id: 'src/node',
    files: ['src/node/**'],
    may: [
      'src/node',
      'src',
      'src/index.ts',
      'src/contract.ts',
      'src node-safe',
      '@brand',
      'config',
      'locales',
    ],
    about: 'what only Node runs of the core: the paint renderers (built for Node), the config checker',
  },
  {
    id: 'src/index.ts',
    files: ['src/index.ts'],
    may: ['src', 'src/contract.ts', 'src node-safe'],
    about: "the core's public module: plugins import it as '@core'",
  },
  {
    id: 'src/contract.ts',
    files: ['src/contract.ts'],
    may: ['src node-safe'],
    about: "the core's node-safe public module: '@core/contract', for contracts and the server",
  },
  {
    id: 'src node-safe',
    files: [
      'src/shared/**',
      'src/config/schemas/**',
      'src/config/constants.ts',
      'src/config/runtime-types.ts',
      'src/routing/pattern.ts',
      'src/routing/resolve.ts',
      'src/first-paint/key.ts',
    ],
    may: ['src node-safe', 'config'],
    about: 'core modules the server may load too (no React, CSS or browser globals)',
  },
  {
    id: 'src',
    files: ['src/**'],
    may: ['src', 'src/contract.ts', 'src node-safe', '@brand', 'config', 'locales'],
    about: 'the browser core; names no plugin',
  },
  {
    id: 'plugin contract',
    files: ['plugins/*/**/contract.ts', 'plugins/*/**/*-contract.ts'],
    may: ['src/contract.ts', 'same plugin contract'],
    about: "a plugin's API shapes (any *contract.ts at any depth), shared with the server",
  },
  {
    id: 'plugin',
    files: ['plugins/*/**'],
    may: ['src/index.ts', 'src/contract.ts', 'same plugin', 'same plugin contract', 'locales'],
    about: 'a plugin: its own files, the core as @core, its locales',
  },
  {
    id: 'server',
    files: ['server/**'],
    may: ['server', 'src/contract.ts', 'src node-safe', 'plugin contract', 'config'],
    about: 'the API server (it loads the built paint bundles, never src/node itself)',
  },
  {
    id: 'scripts',
    files: ['scripts/**'],
    may: [
      'scripts',
      'server',
      'src/node',
      'src/contract.ts',
      'src node-safe',
      'plugin contract',
      'config',
      'locales',
    ],
    about: 'Node tools (build, bench, import, this wall)',
  },
  {
    id: 'build config',
    files: ['rsbuild.config.ts', 'vitest.config.ts', 'playwright.config.ts'],
    may: ['scripts', 'src/node', 'src node-safe', 'config', 'tests'],
    about: 'the build and test runners\u2019 configuration',
  },
  { id: 'tests', files: ['tests/**'], may: [], about: 'tests and fixtures: may import anything' },
  { id: 'config', files: ['config/**'], may: [], about: 'JSON only, read by the core and the server' },
  { id: 'locales', files: ['locales/**'], may: [], about: 'texts, one namespace per plugin' },
  { id: '@brand', files: [], may: [], about: 'the brand module the build generates (tests: a fixture)' },
]

/** A test (beside the code, or its helpers) may also import these; a plugin's tests still no other plugin. */
const TEST_MAY: LayerId[] = ['tests', 'config', 'locales', 'src/node', 'server', '@brand']
const isTest = (path: string) => /(\.test\.[cm]?[jt]sx?|(^|\/)test-utils\.[jt]sx?)$/.test(path)
const BROWSER: LayerId[] = [
  'src',
  'src/index.ts',
  'src/contract.ts',
  'src node-safe',
  'plugin',
  'plugin contract',
]

const globRe = (glob: string) =>
  new RegExp(
    `^${glob
      .split('/')
      .map((part) =>
        part === '**' ? '(?:.+/)?' : `${part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}/`,
      )
      .join('')
      .replace(/\/$/, '')
      .replace(/\(\?:\.\+\/\)\?$/, '.+')}$`,
  )
const matchers = LAYERS.map((l) => ({ id: l.id, res: l.files.map(globRe) }))

/** The layer of a path (from the repository root), or undefined outside the table. */
export function layerOf(path: string): LayerId | undefined {
  return matchers.find((m) => m.res.some((r) => r.test(path)))?.id
}
const pluginOf = (path: string) => /^plugins\/([^/]+)\//.exec(path)?.[1]

export interface Problem {
  file: string
  message: string
}

export interface CheckOptions {
  root: string
  /** Files to check as if they were in the tree (the plant tests), path from the root and text. */
  extra?: { path: string; text: string }[]
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/
const SKIP = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', 'playwright-report'])
const TREES = ['src', 'plugins', 'server', 'scripts', 'tests']
const ROOT_FILES = ['rsbuild.config.ts', 'vitest.config.ts', 'playwright.config.ts']

function sourceFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
      if (e.name.startsWith('.') || SKIP.has(e.name)) return []
      const p = `${dir}/${e.name}`
      if (e.isDirectory()) return walk(p)
      return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('.d.mts') ? [p] : []
    })
  return [
    ...TREES.filter((d) => existsSync(join(root, d))).flatMap(walk),
    ...ROOT_FILES.filter((f) => existsSync(join(root, f))),
  ]
}

/** The import specifiers of a file; a template import() by its fixed part, marked `partial`. */
function importsOf(text: string): { spec: string; partial?: boolean }[] {
  const found: { spec: string; partial?: boolean }[] = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => ({ spec: f.fileName }))
  for (const m of text.matchAll(/\bimport\(\s*`([^`$]*)\$\{/g)) found.push({ spec: m[1]!, partial: true })
  return found
}

/** tsconfig.json's paths: alias -> file from the root. */
function aliases(root: string): Map<string, string> {
  const cfg = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as {
    compilerOptions?: { paths?: Record<string, string[]> }
  }
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(cfg.compilerOptions?.paths ?? {}))
    if (v[0]) out.set(k, posix.normalize(v[0]).replace(/^\.\//, ''))
  return out
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.json', '/index.ts', '/index.tsx']

type Target = { kind: 'file'; path: string } | { kind: 'package'; name: string } | { kind: 'unresolved' }

function resolver(root: string, extra: Set<string>) {
  const alias = aliases(root)
  const exists = (p: string) =>
    extra.has(p) || (existsSync(join(root, p)) && statSync(join(root, p)).isFile())
  return (from: string, spec: string, partial?: boolean): Target => {
    if (alias.has(spec)) return { kind: 'file', path: alias.get(spec)! }
    if (spec === '@brand') return { kind: 'file', path: '@brand' }
    if (!spec.startsWith('.')) return { kind: 'package', name: spec }
    const base = posix.normalize(posix.join(posix.dirname(from), spec.split('?')[0]!))
    if (base.startsWith('..')) return { kind: 'unresolved' }
    if (partial) return { kind: 'file', path: base }
    const hit = EXTENSIONS.map((e) => base + e).find(exists)
    return hit ? { kind: 'file', path: hit } : { kind: 'unresolved' }
  }
}

const NODE_BUILTINS = new Set(builtinModules)
const layerAbout = (id: LayerId) => LAYERS.find((l) => l.id === id)!.about

/** The layers a file may import: its layer's row of the table, and a test's extras. */
function mayOf(layer: LayerId, test: boolean): Set<string> {
  const may = new Set<string>(LAYERS.find((l) => l.id === layer)!.may)
  if (test) for (const t of TEST_MAY) may.add(t)
  return may
}

/** Why `from` may not import `to` (through `spec`), with what to do; null when the table allows it. */
function refusal(from: string, spec: string, to: string): string | null {
  const fromLayer = layerOf(from)
  const toLayer = to === '@brand' ? '@brand' : layerOf(to)
  if (!fromLayer || !toLayer || fromLayer === 'tests') return null
  const may = mayOf(fromLayer, isTest(from))
  const fromPlugin = fromLayer === 'plugin' || fromLayer === 'plugin contract'
  const toPlugin = toLayer === 'plugin' || toLayer === 'plugin contract'
  const samePlugin = toPlugin && pluginOf(from) === pluginOf(to)
  const allowed = toPlugin
    ? samePlugin
      ? may.has(toLayer === 'plugin contract' ? 'same plugin contract' : 'same plugin')
      : may.has(toLayer)
    : may.has(toLayer)
  const coreModule = toLayer === 'src/index.ts' ? '@core' : '@core/contract'

  if (allowed) {
    if (fromPlugin && (toLayer === 'src/index.ts' || toLayer === 'src/contract.ts') && spec !== coreModule)
      return `a plugin imports the core as '${coreModule}', not '${spec}' (one path, at any depth).`
    return null
  }
  if (fromPlugin && toPlugin && !samePlugin)
    return (
      `a plugin never imports another plugin (${to}). What two plugins share is a core capability ` +
      '(e.g. the session), an event of the plugin context, or a shape in the core\u2019s node-safe module ' +
      "(src/contract.ts, '@core/contract'); ask for it through `requires` and the context."
    )
  if (fromPlugin && toLayer === 'config')
    return (
      `a plugin reads config/ only through the core, which validates it (config:check): not '${spec}'. Use ` +
      "services.config, constants, benefitImages() or loadCountryCatalog() of '@core', or give the core " +
      'an accessor in src/config/ typed by the schema (src/config/schemas/) and export it from src/index.ts.'
    )
  if (fromLayer === 'plugin contract')
    return (
      "a contract is shared with the server: it imports '@core/contract' and contracts of its own plugin " +
      `only, not ${to}. Move what the server and the screens share into a *contract.ts file.`
    )
  if (fromPlugin && toLayer.startsWith('src'))
    return (
      `a plugin imports the core only from its public module, src/index.ts ('@core'), not ${to}: ` +
      'export what it needs from src/index.ts (or src/contract.ts when the server needs it too).'
    )
  if (fromLayer.startsWith('src') && toPlugin)
    return `the core never names a plugin (${to}): plugins register with the core.`
  if (toLayer === 'src/node')
    return (
      `src/node is what only Node runs of the core (${layerAbout('src/node')}): ${fromLayer} does not import it ` +
      `(${to}). The server loads the built paint bundles (server/static.ts); what both sides need goes in ` +
      'a node-safe module (src/shared/, src/config/schemas/).'
    )
  if (fromLayer === 'server' || fromLayer === 'src node-safe' || fromLayer === 'src/contract.ts')
    return (
      `${fromLayer} imports only node-safe modules (src/contract.ts, src/shared/, src/config/schemas/, ` +
      `the other 'src node-safe' files of scripts/check-layers.ts) and plugin contracts, not ${to} (${toLayer}). ` +
      'Move the shared piece to src/shared/ and export it from src/contract.ts.'
    )
  return `${fromLayer} may not import ${toLayer} (${to}): see the layering table in scripts/check-layers.ts and the README.`
}

/** The cycles of a graph given by its edges: one per set of nodes that reach each other, as a -> b -> a. */
function cycles(edges: [string, string][]): string[][] {
  const graph = new Map<string, Set<string>>()
  for (const [a, b] of edges) if (a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b))
  // Tarjan's strongly connected components, then one shortest cycle through each component's first node
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const comps: string[][] = []
  const visit = (v: string) => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        comp.push(w)
      } while (w !== v)
      if (comp.length > 1) comps.push(comp.sort())
    }
  }
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v)
  return comps.map((comp) => {
    const inComp = new Set(comp)
    const start = comp[0]!
    const prev = new Map<string, string>()
    const queue = [start]
    for (let i = 0; i < queue.length; i++) {
      for (const w of [...(graph.get(queue[i]!) ?? [])].sort()) {
        if (!inComp.has(w)) continue
        if (w === start) {
          const path = [start]
          for (let at: string | undefined = queue[i]; at && at !== start; at = prev.get(at))
            path.splice(1, 0, at)
          return [...path, start]
        }
        if (!prev.has(w)) {
          prev.set(w, queue[i]!)
          queue.push(w)
        }
      }
    }
    return [...comp, start]
  })
}

/** The folder of src/ a file is in, as the arrows count them: src/<folder> (its subfolders with it), or src. */
const coreFolder = (path: string) =>
  path
    .split('/')
    .slice(0, path.split('/').length > 2 ? 2 : 1)
    .join('/')

/** Every problem of the tree (plus `extra` files): refused imports, then cycles. */
export function checkLayers({ root, extra = [] }: CheckOptions): Problem[] {
  const extraPaths = new Set(extra.map((e) => e.path))
  const files = [...sourceFiles(root).filter((f) => !extraPaths.has(f)), ...extra.map((e) => e.path)]
  const text = (f: string) => extra.find((e) => e.path === f)?.text ?? readFileSync(join(root, f), 'utf8')
  const resolveImport = resolver(root, extraPaths)
  const problems: Problem[] = []
  const serverEdges: [string, string][] = []
  const srcEdges: [string, string][] = []
  for (const file of files) {
    const fromLayer = layerOf(file)
    for (const { spec, partial } of importsOf(text(file))) {
      const target = resolveImport(file, spec, partial)
      if (target.kind === 'package') {
        const builtin = spec.startsWith('node:') || NODE_BUILTINS.has(spec)
        if (builtin && fromLayer && BROWSER.includes(fromLayer) && !isTest(file))
          problems.push({
            file,
            message: `${file}: imports '${spec}': ${fromLayer} is loaded by the browser, which has no Node modules. Node-only code of the core goes in src/node/.`,
          })
        continue
      }
      if (target.kind === 'unresolved') continue // tsc reports it
      const why = refusal(file, spec, target.path)
      if (why) problems.push({ file, message: `${file}: imports '${spec}': ${why}` })
      if (isTest(file)) continue
      if (file.startsWith('server/') && target.path.startsWith('server/'))
        serverEdges.push([file, target.path])
      if (file.startsWith('src/') && target.path.startsWith('src/'))
        srcEdges.push([coreFolder(file), coreFolder(target.path)])
    }
  }
  for (const c of cycles(serverEdges))
    problems.push({
      file: c[0]!,
      message:
        `server/ files import each other in a cycle (type-only imports count): ${c.join(' -> ')}. ` +
        'Move what they share (often a type) to a module of its own that imports neither, e.g. server/types.ts.',
    })
  for (const c of cycles(srcEdges))
    problems.push({
      file: c[0]!,
      message:
        `folders of the core import each other in a cycle: ${c.join(' -> ')}. Arrows point one way: move ` +
        'the file that one folder needs of the other into that folder, or into a folder both may import.',
    })
  return problems
}

/** The table as text: the README's layering diagram (a layer, its files, then what it may import). */
export function layerDiagram(): string {
  const width = Math.max(...LAYERS.map((l) => l.id.length))
  /** Words on lines of at most 100 characters, the first after `first`, the others indented as far. */
  const wrap = (first: string, words: string[]) => {
    const out = [first]
    for (const w of words) {
      const last = out[out.length - 1]!
      if (last.length + w.length + 1 > 100 && last.trim().length > first.trim().length)
        out.push(`${' '.repeat(first.length)}${w}`)
      else out[out.length - 1] = last.endsWith(' ') ? `${last}${w}` : `${last} ${w}`
    }
    return out
  }
  const lines = LAYERS.flatMap((l) => {
    const may = l.id === 'tests' ? ['anything'] : l.may.length ? l.may.map((m) => `${m},`) : ['nothing']
    const last = may.length - 1
    may[last] = may[last]!.replace(/,$/, '')
    return [
      ...wrap(`${l.id.padEnd(width)}  `, l.files.length ? l.files : ['(generated by the build)']),
      ...wrap(`${''.padEnd(width)}    -> `, may),
    ]
  })
  return [
    'a file is in the first layer whose files match; a layer may import the layers after its arrow',
    ...lines,
    `tests beside the code (*.test.ts, test-utils.ts) may also import: ${TEST_MAY.join(', ')}`,
    "a plugin imports src/index.ts as '@core' and src/contract.ts as '@core/contract'; never another plugin",
  ].join('\n')
}

/** The command: prints the problems, exit code 1 when there are any. */
export function run(options: CheckOptions): { ok: boolean; report: string } {
  const problems = checkLayers(options)
  if (!problems.length) return { ok: true, report: 'import wall: every import follows the layering table.' }
  return {
    ok: false,
    report: `import wall: ${problems.length} problem(s)\n${problems.map((p) => `  ${p.message}`).join('\n')}`,
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { ok, report } = run({ root: join(dirname(import.meta.filename), '..') })
  ;(ok ? console.log : console.error)(report)
  process.exitCode = ok ? 0 : 1
}
