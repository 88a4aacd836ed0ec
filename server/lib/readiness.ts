import type { FastifyInstance } from 'fastify'

/**
 * Readiness (issue 29): 'starting' until the migrations are applied and the caches warmed (warmUp),
 * 'ready' while a load balancer may send traffic, 'draining' from SIGTERM until the server closes
 * (it still answers what was sent before the balancer noticed). GET /api/health/ready answers 200 only
 * when 'ready'; GET /api/health is the liveness check.
 */
export interface Readiness {
  state: 'starting' | 'ready' | 'draining'
}

/**
 * Fills the caches the first visitors would otherwise wait for (the catalog's ready replies, the
 * drawn home and store list, the page painter's modules), then marks the server ready. The most
 * popular store's page is drawn too: a store page's code is the page painter's largest, and drawn cold
 * in a restarted instance's first seconds it took 40 to 50 ms a page against 20 to 25 once warm
 * (test:cluster, issue 29). A page that fails to warm is only logged: the server serves it as before.
 */
export async function warmUp(
  app: FastifyInstance,
  paths: readonly string[] = ['/', '/stores'],
): Promise<void> {
  const get = async (url: string) => {
    try {
      const r = await app.inject({
        method: 'GET',
        url,
        headers: { accept: url.startsWith('/api') ? 'application/json' : 'text/html' },
      })
      if (r.statusCode >= 500) app.log.warn({ url, status: r.statusCode }, 'warm-up request failed')
      return r
    } catch (err) {
      app.log.warn({ err, url }, 'warm-up request failed')
      return undefined
    }
  }
  for (const url of ['/api/categories', ...paths]) await get(url)
  const top = (await get('/api/stores?per_page=1'))?.json<{ data?: { internal_name?: string }[] }>()
  const name = top?.data?.[0]?.internal_name
  if (name) await get(`/${name}-coupons`)
  app.readiness.state = 'ready'
}
