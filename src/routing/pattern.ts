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

export function matchPattern(
  p: CompiledPattern,
  pathname: string,
): Record<string, string | undefined> | null {
  const m = p.regex.exec(pathname)
  if (!m) return null
  const params: Record<string, string | undefined> = {}
  p.names.forEach((n, i) => {
    const v = m[i + 1]
    params[n] = v === undefined ? undefined : safeDecode(v)
  })
  return params
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
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

/**
 * Converts a pattern into react-router's syntax. React Router has no params with a literal suffix, so
 * ':merchant-coupons' becomes ':__s1' and the core matches the suffix itself. `shape` is the same for
 * patterns that react-router cannot tell apart ('/:merchant' and '/:merchant-coupons').
 */
export function toRouterPath(source: string): { path: string; shape: string; hasSuffix: boolean } {
  let hasSuffix = false
  const segs = source.split('/')
  const path = segs
    .map((seg, i) => {
      const m = PARAM.exec(seg)
      if (!m) return seg
      if (m[3]) {
        hasSuffix = true
        return `:__s${i}${m[2] ?? ''}`
      }
      return seg
    })
    .join('/')
  const shape = segs
    .map((seg) => (PARAM.test(seg) ? (seg.includes('?') ? ':?' : ':') : seg.toLowerCase()))
    .join('/')
  return { path, shape, hasSuffix }
}

/** How specific a pattern is, segment by segment, as the router ranks them: static beats a param. */
export function specificity(source: string): number {
  let score = 0
  for (const seg of source.split('/').filter(Boolean)) {
    if (seg === '*') score -= 1
    else if (!seg.startsWith(':')) score += 10
    else if (PARAM.exec(seg)?.[3]) score += 4
    else if (seg.endsWith('?')) score += 1
    else score += 3
  }
  return score
}
