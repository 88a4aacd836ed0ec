/**
 * One call a screen's first render (or a plugin's start-up) reads: the path and its query parameters
 * (empty ones dropped); a GET unless `method` is 'POST' (a POST without a body that only reads).
 */
export interface FirstDataRequest {
  path: string
  params?: Readonly<Record<string, string | number | undefined>>
  method?: 'GET' | 'POST'
}

/**
 * The key of a GET in the page's first data: '/api/stores?lang=es&page=1&sort=rate' (parameters
 * sorted, empty ones dropped). The server (server/static.ts) and the app (data.ts) both use it.
 */
export function dataKey(path: string, params?: FirstDataRequest['params'], method = 'GET'): string {
  const q = Object.entries(params ?? {})
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => [k, String(v)] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const url = q.length ? `${path}?${new URLSearchParams(q).toString()}` : path
  return method === 'GET' ? url : `${method} ${url}`
}

/** The key of a call: dataKey with its method ('POST /api/get-cookie'; a GET's key has none). */
export const requestKey = (r: FirstDataRequest): string => dataKey(r.path, r.params, r.method)
