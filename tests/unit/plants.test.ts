import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { run } from '../../scripts/check-layers'
import { configCheckCli } from '../fixtures/config-check-cli'

/**
 * Issue 32: a test plants, one at a time, a mistake the walls must stop, runs the check `npm test`
 * runs, and expects it to fail with a message that says what to do. The plants are files the check
 * reads as if they were in the tree; nothing is written to disk.
 */
const root = join(import.meta.dirname, '../..')

describe('plants: each fails npm test with what to do', () => {
  it('npm test runs the import wall', () => {
    const steps = readFileSync(join(root, 'scripts/test.mjs'), 'utf8')
    expect(steps).toMatch(/\['import wall', npx\(\['tsx', 'scripts\/check-layers\.ts'\]\)\]/)
    expect(run({ root })).toEqual({ ok: true, report: expect.stringMatching(/every import follows/) })
  })

  /** The check's report with one planted file importing `spec`; it must fail. */
  const planted = (path: string, spec: string) => {
    const result = run({ root, extra: [{ path, text: `import x from '${spec}'\nexport const y = x\n` }] })
    expect(result.ok).toBe(false)
    return result.report
  }

  it('a plugin importing another plugin five folders deep', () => {
    const path = 'plugins/coins/components/profile/deep/Planted.tsx'
    // five levels under plugins/: Biome's per-depth rules, which this wall replaced, stopped at four
    expect(path.split('/').slice(1)).toHaveLength(5)
    const report = planted(path, '../../../../catalog/api')
    expect(report).toContain(
      `${path}: imports '../../../../catalog/api': a plugin never imports another plugin`,
    )
    expect(report).toMatch(/core capability .*, an event of the plugin context/)
  })

  it('a raw config import from a plugin', () => {
    const path = 'plugins/account/member/Planted.tsx'
    const report = planted(path, '../../../config/benefits.json')
    expect(report).toContain(
      `${path}: imports '../../../config/benefits.json': a plugin reads config/ only through the core`,
    )
    expect(report).toMatch(/benefitImages\(\) .* of '@core'/)
  })

  it('a dead menu path: a route renamed in routes.json while the account menu still links to its old name', () => {
    const steps = readFileSync(join(root, 'scripts/test.mjs'), 'utf8')
    expect(steps).toMatch(/\['config:check', npx\(\['tsx', 'src\/node\/config-check\/check-cli\.ts'\]\)\]/)
    // a copy of config/ with the plant (plugins/ and public/ linked): the same command npm test runs
    const dir = mkdtempSync(join(tmpdir(), 'plant-'))
    try {
      cpSync(join(root, 'config'), join(dir, 'config'), { recursive: true })
      for (const d of ['plugins', 'public']) symlinkSync(join(root, d), join(dir, d))
      const file = join(dir, 'config/routes.json')
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('"name": "account-rebates"', '"name": "account-my-rebates"'),
      )
      const r = configCheckCli(dir)
      expect(r.status).toBe(1)
      expect(r.stderr).toContain(
        `plugins/account/index.ts at menus.account: The menu entry links to the route named 'account-rebates', which no route of config/routes.json or config/redirects.json has: add "name": "account-rebates" to that route, or fix the name.`,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
