/**
 * Plugins link by route name (routes.json `name`, through the core's pathTo / usePath / RouteLink /
 * routeAt), never by path: a path lives in config only, so renaming a route is a config change that
 * config:check follows into every link. This test keeps the count of path literals in plugin code at 0.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

/** A string or template literal that starts like a path: '/stores', `/p/${slug}`. */
const PATH_LITERAL = /(['"`])\/(?:[A-Za-z]|\$\{)[^'"`\s]*/g

/**
 * What may still be written as a path, and why:
 * - API paths: a plugin's calls go to the server's routes (api.ts, contracts, an `http.` call), not to
 *   pages of the app;
 * - files under public/ named by config (benefit images, merchant logos): files, not pages.
 */
const ALLOWED_FILES = /(^|\/)api\.ts$|contract\.ts$|\.test\.tsx?$|test-utils\.tsx?$/
const ALLOWED_LITERAL = /^.\/(api\/|benefits\/|catalog-logos\/)/
const ALLOWED_LINE = /\bhttp\.(get|post|put|patch|delete)\(/

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return /\.tsx?$/.test(e.name) ? [path] : []
  })
}

/** Every path literal in plugin code outside the allow-list, as 'file:line: literal'. */
function pathLiterals(): string[] {
  const out: string[] = []
  for (const file of sources(join(root, 'plugins'))) {
    const rel = relative(root, file)
    if (ALLOWED_FILES.test(rel)) continue
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const code = line.trimStart()
        if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return
        if (ALLOWED_LINE.test(line)) return
        for (const m of line.matchAll(PATH_LITERAL)) {
          if (!ALLOWED_LITERAL.test(m[0])) out.push(`${rel}:${i + 1}: ${m[0]}`)
        }
      })
  }
  return out
}

describe('plugins link by route name', () => {
  it('no path literal in plugin code: name the route (pathTo, usePath, RouteLink, routeAt)', () => {
    const found = pathLiterals()
    expect(
      found,
      `Plugin code names pages by route name, never by path. Give the route a "name" in config/routes.json (or redirects.json) and use pathTo(config, 'name') / usePath('name') / <RouteLink route="name"> / routeAt(config, path)?.name instead of:\n${found.join('\n')}`,
    ).toEqual([])
  })
  it('finds a path literal where one is written (the check sees what it claims to)', () => {
    const line = `navigate('/account/rebates') ; <Link to={\`/p/\${slug}\`}> ; src={\`/benefits/\${img}\`}`
    const hits = [...line.matchAll(PATH_LITERAL)].map((m) => m[0]).filter((l) => !ALLOWED_LITERAL.test(l))
    expect(hits).toEqual(["'/account/rebates", '`/p/${slug}'])
  })
})
