import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  )
}
function js(brand: string): string {
  const dir = join(root, process.env.DIST_ROOT || 'dist', brand)
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(`Build brand ${brand} first: BRAND=${brand} npm run build`)
  return files(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')
}
const brandPlugins = (b: string) =>
  (JSON.parse(readFileSync(join(root, 'config/brands', `${b}.json`), 'utf8')) as { plugins: string[] })
    .plugins

/** A string only a plugin's own code carries: its definePlugin name. */
const marker = (plugin: string) => new RegExp(`name:\\s*["']${plugin}["']`)

describe('brand bundling (ARCHITECTURE: a disabled plugin is not in the brand output)', () => {
  const all = brandPlugins('default')
  const ship = brandPlugins('shipnow')
  const disabled = all.filter((p) => !ship.includes(p))

  it('the fixture brand disables some plugins', () => {
    expect(disabled.length).toBeGreaterThan(0)
  })
  it('the default brand carries every plugin it enables', () => {
    const code = js('default')
    for (const p of all) expect(code, p).toMatch(marker(p))
  })
  it.each(disabled)('shipnow ships none of plugin %s', (p) => {
    const code = js('shipnow')
    expect(code).not.toMatch(marker(p))
    // nor its texts
    const en = readFileSync(join(root, 'locales/en', `${p}.json`), 'utf8')
    const sample = JSON.stringify(JSON.parse(en)).match(/"([^"]{20,})"/)?.[1]
    if (sample) expect(code).not.toContain(sample)
  })
  it('no full zod in the browser bundle', () => {
    for (const b of ['default', 'shipnow']) {
      const code = js(b)
      // full zod carries its whole error map; zod/mini does not
      expect(code).not.toContain('Too big: expected')
      expect(code).not.toContain('ZodEffects')
    }
  })
})
