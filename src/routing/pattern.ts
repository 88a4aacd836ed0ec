/**
 * Route patterns of routes.json: '/stores/:category', '/:merchant-coupons' (a param with a literal
 * suffix), '/mobile-safari/installed/:page?' (optional) and '/unsub/*' (splat).
 */
export interface CompiledPattern {
  source: string
  regex: RegExp
  names: string[]
}

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)(\?)?(.*)$/

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export function compilePattern(source: string): CompiledPattern {
  const names: string[] = []
  let re = ''
  for (const seg of source.split('/').filter(Boolean)) {
    if (seg === '*') {
      names.push('*')
      re += '(?:/(.*))?'
      continue
    }
    const m = PARAM.exec(seg)
    if (m) {
      const [, name, optional, suffix] = m
      names.push(name!)
      const part = `/([^/]+?)${escapeRegex(suffix ?? '')}`
      re += optional ? `(?:${part})?` : part
    } else {
      re += `/${escapeRegex(seg)}`
    }
  }
  return { source, regex: new RegExp(`^${re || '/'}/?$`, 'i'), names }
}

/** The params of a path the pattern matches (the path already decoded, as the resolver does), or null. */
export function matchPattern(
  p: CompiledPattern,
  pathname: string,
): Record<string, string | undefined> | null {
  const m = p.regex.exec(pathname)
  if (!m) return null
  const params: Record<string, string | undefined> = {}
  p.names.forEach((n, i) => {
    params[n] = m[i + 1]
  })
  return params
}

/** Fills a target pattern with params: fillPattern('/stores/:category', { category: 'food' }) is '/stores/food'. */
export function fillPattern(target: string, params: Record<string, string | undefined>): string {
  const out = target
    .split('/')
    .map((seg) => {
      if (seg === '*') return params['*'] ?? ''
      const m = PARAM.exec(seg)
      if (!m) return seg
      const v = params[m[1]!]
      if (v === undefined) return m[2] ? '' : seg
      return encodeURIComponent(v) + (m[3] ?? '')
    })
    .join('/')
  return out.replace(/\/+$/, '') || '/'
}

/** The names of the params a pattern declares. */
export function paramNames(source: string): string[] {
  return compilePattern(source).names
}
