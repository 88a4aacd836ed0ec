import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * HTTP calls live in a plugin's api.ts (ARCHITECTURE.md, Data flow: screen, then store action or
 * loader, then api.ts, then http). A call of the core HTTP client anywhere else in a plugin is
 * refused, with where it belongs. Tests and their helpers may call it (they stand in for a server).
 */

const root = join(__dirname, '..', '..')
/** `http.get(`, `services.http.post<`, `env().http.get`, `http\n  .get<`: a method of the core client. */
const CALL = /\bhttp\s*\.\s*(get|post|put|patch|delete|request)\s*[<(]/g

const allowed = (file: string) =>
  /(^|\/)api\.ts$/.test(file) || /\.test\.tsx?$/.test(file) || /(^|\/)test-utils\.tsx?$/.test(file)

/** Where `text` (the file `file`, relative to the root) calls the HTTP client outside an api.ts. */
function httpCallsOutsideApi(file: string, text: string): string[] {
  if (allowed(file)) return []
  const plugin = file.split('/')[1]
  const found: string[] = []
  for (const m of text.matchAll(CALL)) {
    const line = text.slice(0, m.index).split('\n').length
    found.push(
      `${file}:${line} calls the HTTP client (http.${m[1]}): move the call into plugins/${plugin}/api.ts ` +
        `as a function of the plugin's api, and call that from the screen, store action or loader.`,
    )
  }
  return found
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return /\.tsx?$/.test(e.name) ? [relative(root, path).split(sep).join('/')] : []
  })
}

describe('HTTP calls only in api.ts', () => {
  it('refuses a screen that calls the HTTP client, and says where the call belongs', () => {
    const planted =
      "export function Page() {\n  const { http } = useServices()\n  http.get<Reply>('/api/x')\n}\n"
    expect(httpCallsOutsideApi('plugins/catalog/screens/deep/er/Page.tsx', planted)).toEqual([
      "plugins/catalog/screens/deep/er/Page.tsx:3 calls the HTTP client (http.get): move the call into plugins/catalog/api.ts as a function of the plugin's api, and call that from the screen, store action or loader.",
    ])
  })

  it('sees the call through services, env() and a line break before the method', () => {
    const text = "services.http.post('/a')\nenv().http.get<X>('/b')\nhttp\n  .put<Y>('/c')\n"
    expect(httpCallsOutsideApi('plugins/auth/model.ts', text).map((m) => m.split(' calls')[0])).toEqual([
      'plugins/auth/model.ts:1',
      'plugins/auth/model.ts:2',
      'plugins/auth/model.ts:3',
    ])
  })

  it('lets api.ts (at any depth) and tests call it', () => {
    const text = "http.get('/api/x')\n"
    expect(httpCallsOutsideApi('plugins/account/member/api.ts', text)).toEqual([])
    expect(httpCallsOutsideApi('plugins/catalog/api.ts', text)).toEqual([])
    expect(httpCallsOutsideApi('plugins/catalog/model.test.ts', text)).toEqual([])
  })

  it('finds no call outside an api.ts in plugins/', () => {
    const found = sources(join(root, 'plugins')).flatMap((file) =>
      httpCallsOutsideApi(file, readFileSync(join(root, file), 'utf8')),
    )
    expect(found).toEqual([])
  })
})
