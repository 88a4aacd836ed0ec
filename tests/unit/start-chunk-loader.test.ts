import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const load = createRequire(import.meta.url)('../../scripts/start-chunk-loader.cjs') as (
  this: { resourcePath: string },
  source: string,
) => string
const run = (source: string) => load.call({ resourcePath: 'plugins/x/index.ts' }, source)

describe('start-chunk-loader (the start chunk of rsbuild.config.ts)', () => {
  it("names the chunk of set-up and slot imports 'start', and a member-only slot's 'member'", () => {
    const out = run(`export default definePlugin({
  name: 'x',
  screens: { Page: () => import('./screens/Page') },
  slots: {
    'header.nav': { load: () => import('./Nav'), texts: ['x'] },
    'header.actions': { load: () => import('./Bell'), texts: ['x-header'], audience: 'member' },
    'app.overlay': () => import('./Overlay'),
  },
  setup: async (ctx) => (await import('./session')).start(ctx),
})`)
    expect(out).toContain(`import(/* webpackChunkName: "start" */ './Nav')`)
    expect(out).toContain(`import(/* webpackChunkName: "start" */ './Overlay')`)
    expect(out).toContain(`import(/* webpackChunkName: "start" */ './session')`)
    expect(out).toContain(`import(/* webpackChunkName: "member" */ './Bell')`)
    // a screen keeps a chunk of its own
    expect(out).toContain(`import('./screens/Page')`)
  })

  it('leaves an import that names its chunk alone', () => {
    const src = `definePlugin({ name: 'x', slots: { 'header.nav': () => import(/* webpackChunkName: "nav" */ './Nav') } })`
    expect(run(src)).toBe(src)
  })

  it('drops serverPaint and memberGuards from the browser build: the Node painter alone reads them', () => {
    const out = run(`import { homeRequest } from './first-data'
export default definePlugin({
  name: 'x',
  memberGuards: ['auth'],
  serverPaint: {
    Home: ({ language }) => [homeRequest(language)],
  },
  setup: async () => (await import('./start')).start(),
})`)
    expect(out).toContain('serverPaint: undefined,')
    expect(out).toContain('memberGuards: undefined,')
    expect(out).not.toContain('homeRequest(language)')
    // what follows is still rewritten where it stands
    expect(out).toContain(`import(/* webpackChunkName: "start" */ './start')`)
  })
})
