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
 * drawn home and store list, the page painter's modules), then marks the server ready. A page that
 * fails to warm is only logged: the server serves it as before.
 */
export async function warmUp(
  app: FastifyInstance,
  paths: readonly string[] = ['/', '/stores'],
): Promise<void> {
  for (const url of ['/api/categories', ...paths]) {
    try {
      const r = await app.inject({
        method: 'GET',
        url,
        headers: { accept: url.startsWith('/api') ? 'application/json' : 'text/html' },
      })
      if (r.statusCode >= 500) app.log.warn({ url, status: r.statusCode }, 'warm-up request failed')
    } catch (err) {
      app.log.warn({ err, url }, 'warm-up request failed')
    }
  }
  app.readiness.state = 'ready'
}
