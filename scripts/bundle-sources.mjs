// node scripts/bundle-sources.mjs <file.js> — bytes of a built chunk attributed to each source file
// (build with SOURCE_MAP=1 first). Used to see where the initial JavaScript goes.
import { readFileSync } from 'node:fs'
import { SourceMapConsumer } from 'source-map-js'

const file = process.argv[2]
const code = readFileSync(file, 'utf8')
const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')))
const lines = code.split('\n')
const bytes = new Map()
let last = null
map.eachMapping((m) => {
  if (last) {
    const src = last.source ?? '(none)'
    let n = 0
    if (m.generatedLine === last.generatedLine) n = m.generatedColumn - last.generatedColumn
    else n = (lines[last.generatedLine - 1]?.length ?? 0) - last.generatedColumn
    bytes.set(src, (bytes.get(src) ?? 0) + n)
  }
  last = m
})
const group = (s) => {
  const nm = s.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (nm) return `npm:${nm[1]}`
  return s.replace(/^.*?\/(src|plugins|locales|config)\//, '$1/')
}
const byGroup = new Map()
for (const [s, n] of bytes) byGroup.set(group(s), (byGroup.get(group(s)) ?? 0) + n)
const rows = [...byGroup].sort((a, b) => b[1] - a[1])
for (const [s, n] of rows.slice(0, Number(process.argv[3] ?? 40))) console.log(String(n).padStart(8), s)
