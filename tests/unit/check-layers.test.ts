import { readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkLayers, LAYERS, layerDiagram, layerOf } from '../../scripts/check-layers'

const root = join(import.meta.dirname, '../..')
/** The problems the wall finds in the tree with one more file in it. */
const withFile = (path: string, text: string) => checkLayers({ root, extra: [{ path, text }] })
/** The one problem a planted file gives (the tree itself has none). */
const oneProblem = (path: string, text: string) => {
  const problems = withFile(path, text)
  expect(problems).toHaveLength(1)
  return problems[0]!
}

describe('the import wall (scripts/check-layers.ts, run by npm test and npm run lint)', () => {
  it('finds nothing in the tree as it is', () => {
    expect(checkLayers({ root })).toEqual([])
  })

  it('puts every folder of the table in one layer, nested contracts in the contract layer', () => {
    expect(layerOf('src/ui/Button.tsx')).toBe('src')
    expect(layerOf('src/node/page-paint.tsx')).toBe('src/node')
    expect(layerOf('src/contract.ts')).toBe('src/contract.ts')
    expect(layerOf('src/shared/money.ts')).toBe('src node-safe')
    expect(layerOf('plugins/account/member/chat-contract.ts')).toBe('plugin contract')
    expect(layerOf('plugins/account/contract.ts')).toBe('plugin contract')
    expect(layerOf('plugins/a/b/c/d/e/f.tsx')).toBe('plugin')
    expect(layerOf('server/routes/account.ts')).toBe('server')
    expect(layerOf('config/benefits.json')).toBe('config')
  })

  it('refuses a plugin importing another plugin at any depth, saying what to do', () => {
    for (const path of ['plugins/coins/x.ts', 'plugins/coins/components/profile/deep/er/x.tsx']) {
      const up = '../'.repeat(path.split('/').length - 2)
      const p = oneProblem(path, `import { catalogApi } from '${up}catalog/api'\n`)
      expect(p.file).toBe(path)
      expect(p.message).toContain('plugins/catalog/api.ts')
      expect(p.message).toMatch(/never imports another plugin/)
      expect(p.message).toMatch(/capability|event/)
    }
  })

  it('refuses a plugin reaching the core other than through @core, or past its public module', () => {
    expect(oneProblem('plugins/coins/a/b.ts', "import { x } from '../../../src/index'\n").message).toMatch(
      /'@core'/,
    )
    expect(
      oneProblem('plugins/coins/a/b.ts', "import { x } from '../../../src/ui/Button'\n").message,
    ).toMatch(/public module.*src\/index\.ts/)
  })

  it('holds a nested contract to the contract rule: @core/contract and contracts of its own plugin only', () => {
    const p = oneProblem('plugins/account/member/deep/x-contract.ts', "import { Page } from '@core'\n")
    expect(p.message).toMatch(/'@core\/contract'/)
    expect(
      oneProblem('plugins/account/member/deep/x-contract.ts', "import { f } from '../Loaded'\n").message,
    ).toMatch(/shared with the server/)
    expect(
      withFile('plugins/account/member/deep/x-contract.ts', "import { A } from '../../contract'\n"),
    ).toEqual([])
  })

  it('refuses raw config/*.json and catalogs from plugins, static or loaded later, pointing at the core', () => {
    for (const text of [
      "import benefits from '../../../config/benefits.json'\n",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted file's own template import
      'const c = (cc: string) => import(`../../../config/catalogs/${cc}.json`)\n',
    ]) {
      const p = oneProblem('plugins/catalog/components/Planted.tsx', text)
      expect(p.message).toMatch(/config\//)
      expect(p.message).toMatch(/through the core/)
    }
  })

  it('keeps server/ off browser code and src/node, and src/ off plugins and src/node', () => {
    expect(
      oneProblem('server/routes/x.ts', "import { Button } from '../../src/ui/Button'\n").message,
    ).toMatch(/node-safe/)
    expect(
      oneProblem('server/x.ts', "import { createPagePainter } from '../src/node/page-paint'\n").message,
    ).toMatch(/src\/node/)
    expect(oneProblem('src/ui/X.tsx', "import a from '../../plugins/auth/index'\n").message).toMatch(
      /never names a plugin/,
    )
    // (src/node imports src/ui, so this is also a cycle of folders)
    expect(
      withFile('src/ui/X.tsx', "import { sheetsFor } from '../node/paint-css'\n").map((p) => p.message),
    ).toContainEqual(expect.stringMatching(/src\/ui\/X\.tsx: .*src\/node is what only Node runs/))
  })

  it("refuses a Node module in the browser's layers, not in their tests", () => {
    expect(oneProblem('src/ui/X.ts', "import { readFileSync } from 'node:fs'\n").message).toMatch(
      /loaded by the browser.*src\/node\//,
    )
    expect(withFile('src/ui/X.test.ts', "import { readFileSync } from 'node:fs'\n")).toEqual([])
  })

  it("lets a plugin's tests read config and the test kit, never another plugin", () => {
    const text =
      "import { renderWithApp } from '../../../tests/unit/kit'\nimport r from '../../../config/routes.json'\n"
    expect(withFile('plugins/coins/screens/X.test.tsx', text)).toEqual([])
    expect(
      oneProblem('plugins/coins/screens/X.test.tsx', "import { a } from '../../auth/model'\n").message,
    ).toMatch(/never imports another plugin/)
  })

  /** The messages of the tree with two files that import each other (the second type-only). */
  const pairMessages = (a: string, b: string) => {
    const up = (from: string, to: string) => posix.relative(posix.dirname(from), to).replace(/^(?!\.)/, './')
    return checkLayers({
      root,
      extra: [
        { path: a, text: `import { b } from '${up(a, b)}'\nexport const a = b\n` },
        { path: b, text: `import type { a } from '${up(b, a)}'\nexport const b = 1\n` },
      ],
    }).map((p) => p.message)
  }

  it('refuses an import cycle among server files, type-only ones included', () => {
    expect(pairMessages('server/planted-a.ts', 'server/lib/planted-b.ts')).toEqual([
      expect.stringMatching(
        /cycle.*server\/lib\/planted-b\.ts -> server\/planted-a\.ts -> server\/lib\/planted-b\.ts/,
      ),
    ])
  })

  it('refuses two folders of src/ that import each other', () => {
    expect(pairMessages('src/planted-x/a.ts', 'src/planted-y/deeper/b.ts')).toEqual([
      expect.stringMatching(/folders of the core .* src\/planted-x -> src\/planted-y -> src\/planted-x/),
    ])
  })

  it('the README layering diagram is the table', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    expect(readme).toContain(layerDiagram())
    expect(layerDiagram().split('\n').length).toBeGreaterThanOrEqual(LAYERS.length)
  })
})
