import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { nonce, spaCsp } from './lib/security.ts'

/** Serves dist/<brand>: hashed assets cached for a year, index.html with a fresh CSP nonce, SPA fallback. */
export async function serveSpa(app: FastifyInstance, distDir: string) {
  const indexPath = join(distDir, 'index.html')
  let indexHtml: string | undefined
  if (existsSync(indexPath)) indexHtml = readFileSync(indexPath, 'utf8')
  else
    app.log.error(
      `The built SPA is missing (${indexPath}). Run \`npm run build\`; the API is served meanwhile.`,
    )

  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`, then restart the server.')
    }
    const n = nonce()
    return reply
      .code(200)
      .header('Content-Security-Policy', spaCsp(n))
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml.replaceAll('CSP_NONCE_PLACEHOLDER', n))
  }

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      decorateReply: false,
      // the build writes .br and .gz copies of every text asset (rsbuild.config.ts)
      preCompressed: true,
      allowedPath: (path) => path !== '/index.html',
      setHeaders(res, path) {
        if (/[/\\]static[/\\]/.test(path)) res.header('Cache-Control', 'public, max-age=31536000, immutable')
        else res.header('Cache-Control', 'public, max-age=3600')
      },
    })
  }
  app.get('/', (_req, reply) => sendIndex(reply))
  app.get('/index.html', (_req, reply) => sendIndex(reply))
  return {
    /** The not-found handler: SPA fallback for page requests, JSON 404 for the rest. */
    notFound(req: FastifyRequest, reply: FastifyReply) {
      const path = req.url.split('?')[0] ?? ''
      const api = path === '/api' || path.startsWith('/api/') || path.startsWith('/landers/')
      const wantsHtml = (req.headers.accept ?? '').includes('text/html')
      if (!api && (req.method === 'GET' || req.method === 'HEAD') && wantsHtml) return sendIndex(reply)
      return reply.code(404).send({ errors: { route: [`No route for ${req.method} ${path}`] } })
    },
  }
}
