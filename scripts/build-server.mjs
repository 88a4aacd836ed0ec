#!/usr/bin/env node
// npm run build:server: the API server compiled to one JavaScript file, build/server/main.mjs, which
// `npm start` runs with plain Node (issue 29: no TypeScript loader in production; `npm run dev` keeps
// tsx). esbuild (already in the tree through tsx and vitest; a direct dependency for this) bundles
// server/main.ts with what it imports from server/, src/ and plugins/ (the contracts, the config
// schemas and the config JSON); packages in node_modules stay imports, resolved at run time.
//
// A source file that finds its way to the project's folders (locales, config, migrations) with
// `import.meta.dirname` gets its own folder back: each file's `import.meta.dirname` becomes that file's
// source folder, computed from the bundle's place, so the bundle can sit anywhere under the root.
//
// Config JSON is read at build time; `npm start` (scripts/start.mjs) rebuilds the bundle when any source
// or config file is newer than it, so a marketer's edit to config/ lands at the next start.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { build } from 'esbuild'

const root = join(import.meta.dirname, '..')
export const SERVER_BUNDLE = join(root, 'build/server/main.mjs')
const bundleDir = dirname(SERVER_BUNDLE)

/** Each source file's import.meta.dirname: its own folder, relative to the bundle's (posix separators). */
const ownDirname = {
  name: 'own-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8')
      if (text.includes('import.meta.dirname')) {
        const rel = relative(bundleDir, dirname(args.path)).split(sep).join('/')
        text = text.replaceAll('import.meta.dirname', `__ownDir(${JSON.stringify(rel)})`)
      }
      return { contents: text, loader: 'ts' }
    })
  },
}

export async function buildServer() {
  const t0 = Date.now()
  const out = await build({
    write: false,
    entryPoints: [join(root, 'server/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    banner: {
      js: [
        "import { fileURLToPath as __fileURLToPath } from 'node:url'",
        "import { join as __join } from 'node:path'",
        'const __bundleDir = __fileURLToPath(new URL(".", import.meta.url))',
        'const __ownDir = (rel) => __join(__bundleDir, rel)',
      ].join('\n'),
    },
    plugins: [ownDirname],
  })
  // written beside, then renamed over: a server starting meanwhile (two e2e servers start at once) reads
  // the old bundle or the new one, never half of one
  mkdirSync(bundleDir, { recursive: true })
  const tag = `${process.pid}-${Date.now()}`
  for (const f of out.outputFiles) {
    writeFileSync(`${f.path}.${tag}`, f.contents)
    renameSync(`${f.path}.${tag}`, f.path)
  }
  return Date.now() - t0
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const ms = await buildServer()
  console.log(`server compiled to ${relative(root, SERVER_BUNDLE)} in ${ms} ms`)
}
