import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { constants } from '../src/config/constants.ts'
import { createResolver, type Resolver } from '../src/routing/resolve.ts'
import { errorBody } from './lib/http.ts'
import { nonce, spaCsp } from './lib/security.ts'

/** first-paint.json, written by the build (rsbuild.config.ts, src/first-paint): path -> language -> page parts. */
type FirstPaints = Record<string, Record<string, { html: string; css: string[] }>>

const escapeAttr = (v: string) => v.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The painted paths, matched by the app's route resolver (case, trailing slash, encoding as the router). */
const painted = new WeakMap<FirstPaints, Resolver<{ path: string }>>()

/**
 * The page for `url`: index.html with the path's static first paint, if the build made one, in the
 * language the app will pick from the URL (?lang=, else the first paint's first language; a visitor
 * whose stored language differs gets it dropped by the app at start). The app's root stays hidden
 * until the app replaces the first paint (src/first-paint/client.ts).
 */
export function withFirstPaint(indexHtml: string, paints: FirstPaints, url: string): string {
  const [path = '/', query = ''] = url.split('?')
  let table = painted.get(paints)
  if (!table) {
    table = createResolver(Object.keys(paints).map((p) => ({ path: p })))
    painted.set(paints, table)
  }
  const hit = table.resolve(path)
  const byLang = hit ? paints[hit.entry.path] : undefined
  if (!byLang) return indexHtml
  const langs = Object.keys(byLang)
  const asked = new URLSearchParams(query).get(constants.languageQueryParam)
  const lang = asked && byLang[asked] ? asked : langs.includes('en') ? 'en' : langs[0]
  const fp = lang ? byLang[lang] : undefined
  if (!lang || !fp) return indexHtml
  const links = fp.css.map((href) => `<link href="${escapeAttr(href)}" rel="stylesheet">`).join('')
  return indexHtml
    .replace(/<html( lang="[^"]*")?/, `<html lang="${escapeAttr(lang)}"`)
    .replace('</head>', `${links}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="first-paint" data-lang="${escapeAttr(lang)}">${fp.html}</div><div id="root" hidden></div>`,
    )
}

/** Serves dist/<brand>: hashed assets cached for a year, index.html with a fresh CSP nonce, SPA fallback. */
export async function serveSpa(app: FastifyInstance, distDir: string) {
  const indexPath = join(distDir, 'index.html')
  let indexHtml: string | undefined
  let paints: FirstPaints = {}
  const paintsPath = join(distDir, 'first-paint.json')
  if (existsSync(paintsPath)) paints = JSON.parse(readFileSync(paintsPath, 'utf8')) as FirstPaints
  if (existsSync(indexPath)) indexHtml = readFileSync(indexPath, 'utf8')
  else
    app.log.error(
      `The built SPA is missing (${indexPath}). Run \`npm run build\`; the API is served meanwhile.`,
    )

  const sendIndex = (reply: FastifyReply, url = '/') => {
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
      .send(withFirstPaint(indexHtml, paints, url).replaceAll('CSP_NONCE_PLACEHOLDER', n))
  }

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      decorateReply: false,
      // the build writes .br and .gz copies of every text asset (rsbuild.config.ts)
      preCompressed: true,
      allowedPath: (path) => path !== '/index.html' && !path.startsWith('/first-paint.json'),
      setHeaders(res, path) {
        if (/[/\\]static[/\\]/.test(path)) res.header('Cache-Control', 'public, max-age=31536000, immutable')
        else res.header('Cache-Control', 'public, max-age=3600')
      },
    })
  }
  app.get('/', (req, reply) => sendIndex(reply, req.url))
  app.get('/index.html', (_req, reply) => sendIndex(reply))
  return {
    /**
     * The not-found handler: SPA fallback for page requests, JSON 404 for the rest. /dev/ is never an
     * app page: without the development routes (production mode) /dev/mailbox answers 404.
     */
    notFound(req: FastifyRequest, reply: FastifyReply) {
      const path = req.url.split('?')[0] ?? ''
      const api =
        path === '/api' ||
        path.startsWith('/api/') ||
        path.startsWith('/landers/') ||
        path.startsWith('/dev/')
      const wantsHtml = (req.headers.accept ?? '').includes('text/html')
      if (!api && (req.method === 'GET' || req.method === 'HEAD') && wantsHtml)
        return sendIndex(reply, req.url)
      return reply
        .code(404)
        .send(errorBody(404, { route: [`No route for ${req.method} ${path}`] }, { route: 'no_route' }))
    },
  }
}
