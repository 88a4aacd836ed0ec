/** One GET a screen's first render reads: the path and its query parameters (empty ones dropped). */
export interface FirstDataRequest {
  path: string
  params?: Readonly<Record<string, string | number | undefined>>
}

/**
 * The key of a GET in the page's first data: '/api/stores?lang=es&page=1&sort=rate' (parameters
 * sorted, empty ones dropped). The server (server/static.ts) and the app (data.ts) both use it.
 */
export function dataKey(path: string, params?: FirstDataRequest['params']): string {
  const q = Object.entries(params ?? {})
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => [k, String(v)] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return q.length ? `${path}?${new URLSearchParams(q).toString()}` : path
}
