import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { constants } from '../src/config/constants.ts'
import { dataKey, type FirstDataRequest, requestKey } from '../src/first-paint/key.ts'
import { createResolver, type Resolver } from '../src/routing/resolve.ts'
import { ipCountry } from './lib/geo.ts'
import { GzipTemplate } from './lib/gzip-template.ts'
import { errorBody } from './lib/http.ts'
import { type KeptPage, matches, PageCache, RENEW_LIFETIMES } from './lib/page-cache.ts'
import { nonce, spaCsp } from './lib/security.ts'

/** A page drawn for a request: its HTML, or a kept page (lib/page-cache.ts) with this request's start-up reads. */
type Painted = { status: number; html?: string; kept?: { page: KeptPage; start: Record<string, unknown> } }

/** The placeholder of the CSP nonce in built and drawn pages, replaced in each response. */
const NONCE = 'CSP_NONCE_PLACEHOLDER'

/** Which built stylesheets define a paint's classes (src/node/paint-css.ts, in the built painter). */
interface SheetIndex {
  /** `copies`: the URLs of the other sheets with the same text. */
  others: { url: string; text: string; copies?: string[] }[]
}

/** src/node/page-paint.tsx as built (dist/.first-paint/<brand>/page-paint.js). */
interface PagePainter {
  paint(request: {
    url: string
    language: string
    member: boolean
    userAgent: string
    cookies: Record<string, string>
    get: (r: FirstDataRequest) => Promise<{ status: number; body: unknown }>
  }): Promise<{
    status: 200 | 404
    language: string
    html: string
    classes: string[]
    data: Record<string, { status: number; body: unknown }>
    /** The cookies (full names) the drawing read; an older build does not say, and its pages are not kept. */
    cookiesRead?: string[]
  } | null>
  /** The plugins' start-up reads; an older build without them has none. */
  startReads?: readonly FirstDataRequest[]
  /** Where an unguarded redirect of the route table sends a page request; an older build has none. */
  redirect?(url: string): string | null
}

/** first-paint.json, written by the build (rsbuild.config.ts, src/first-paint): path -> language -> page parts. */
/** `copies`: the URLs of other built sheets with the same text as one of `css` (src/node/paint-css.ts). */
type FirstPaints = Record<string, Record<string, { html: string; css: string[]; copies?: string[] }>>

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
  const links =
    fp.css.map((href) => `<link href="${escapeAttr(href)}" rel="stylesheet">`).join('') +
    (fp.copies ?? []).map((href) => sheetMarker(href)).join('')
  return indexHtml
    .replace(/<html( lang="[^"]*")?/, `<html lang="${escapeAttr(lang)}"`)
    .replace('</head>', `${links}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="first-paint" data-lang="${escapeAttr(lang)}">${fp.html}</div><div id="root" hidden></div>`,
    )
}

/**
 * A stylesheet's text in the page, under its URL. The app's chunk loader (rspack's CSS runtime) takes a
 * style element whose data-href is a sheet's URL for that sheet, as it takes a link, instead of fetching
 * it again and restyling the page with it. Empty, it stands for a copy of a sheet the page already has
 * (the same text under another chunk's name).
 */
const sheetMarker = (href: string, text = '') =>
  `<style nonce="${NONCE}" data-href="${escapeAttr(href)}">${text}</style>`

/** The largest stylesheet a page paint carries inline (bytes); a bigger one is linked. */
const INLINE_CSS_MAX = 16 * 1024

/** JSON in a script element: nothing in it can close the element or start markup. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

/**
 * The page drawn at request time (src/node/page-paint.tsx): index.html with the paint in the
 * language asked, the stylesheets its classes need, and the replies it was drawn from as first data.
 */
export function withPagePaint(
  indexHtml: string,
  paint: NonNullable<Awaited<ReturnType<PagePainter['paint']>>>,
  css: readonly string[],
  /** The text of a stylesheet to put in the page instead of linking it (no round trip before the paint). */
  inline: (href: string) => string | undefined = () => undefined,
  /** The URLs of the other built sheets with the same text as this one. */
  copies: (href: string) => readonly string[] = () => [],
): string {
  const lang = escapeAttr(paint.language)
  const links = css
    .map((href) => {
      const text = inline(href)
      return (
        (text === undefined
          ? `<link href="${escapeAttr(href)}" rel="stylesheet">`
          : sheetMarker(href, text)) +
        copies(href)
          .map((c) => sheetMarker(c))
          .join('')
      )
    })
    .join('')
  return indexHtml
    .replace(/<html( lang="[^"]*")?/, `<html lang="${lang}"`)
    .replace('</head>', `${links}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="first-paint" data-lang="${lang}">${paint.html}</div><div id="root" hidden></div>` +
        `<script type="application/json" id="first-data">${scriptJson(paint.data)}</script>`,
    )
}

/** The request's cookies by name (a value that cannot be decoded is left out). */
function cookiesOf(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (req.headers.cookie ?? '').split(/;\s*/)) {
    const i = part.indexOf('=')
    if (i <= 0) continue
    try {
      out[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1))
    } catch {
      // unreadable: treated as absent
    }
  }
  return out
}
const cookie = (req: FastifyRequest, name: string): string | undefined => cookiesOf(req)[name]

/** The headers an in-process API call of a page paint keeps from the page request (geo, language). */
const FORWARDED = ['x-country-code', 'x-forwarded-for', 'accept-language', 'user-agent']

/** Serves dist/<brand>: hashed assets cached for a year, index.html with a fresh CSP nonce, SPA fallback. */
export async function serveSpa(app: FastifyInstance, distDir: string, opts: { cookiePrefix?: string } = {}) {
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

  // The request-time first paints, built beside the static ones (rsbuild.config.ts)
  let painter: PagePainter | undefined
  let sheets: SheetIndex | undefined
  let sheetsFor: ((classes: readonly string[], index: SheetIndex) => string[]) | undefined
  let inlineCss: (href: string) => string | undefined = () => undefined
  let copiesOf: (href: string) => readonly string[] = () => []
  let paintIndexHtml: string | undefined
  const painterPath = join(distDir, '..', '.first-paint', basename(distDir), 'page-paint.js')
  if (indexHtml && existsSync(painterPath)) {
    try {
      type Bundle = {
        createPagePainter?: () => Promise<PagePainter>
        sheetIndex?: (webDir: string, indexHtml: string) => SheetIndex
        sheetsFor?: (classes: readonly string[], index: SheetIndex) => string[]
      }
      const imported = (await import(pathToFileURL(painterPath).href)) as Bundle & { default?: Bundle }
      const mod = imported.createPagePainter ? imported : (imported.default ?? imported)
      painter = mod.createPagePainter ? await mod.createPagePainter() : undefined
      // the stylesheet picker is built into the painter (src/node/paint-css.ts); a build without it paints nothing
      sheets = mod.sheetIndex?.(distDir, indexHtml)
      sheetsFor = mod.sheetsFor
      // The few small sheets a paint needs go in the page: on a slow network each link was a render-
      // blocking round trip before the first paint (Lighthouse: about 300 ms each). A sheet with a
      // url() stays a link (its relative URLs), as does one that could end the style element.
      const small = new Map(
        (sheets?.others ?? [])
          .filter((f) => f.text.length <= INLINE_CSS_MAX && !/url\(|<\//i.test(f.text))
          .map((f) => [f.url, f.text]),
      )
      inlineCss = (href) => small.get(href)
      const copies = new Map((sheets?.others ?? []).map((f) => [f.url, f.copies ?? []]))
      copiesOf = (href) => copies.get(href) ?? []
      // index.html's own stylesheet too, in the pages drawn on the server
      paintIndexHtml = indexHtml.replace(
        /<link href="([^"]+\.css)" rel="stylesheet">/g,
        (link, href: string) => {
          const file = join(distDir, href)
          if (!file.startsWith(distDir) || !existsSync(file)) return link
          const text = readFileSync(file, 'utf8')
          return text.length <= INLINE_CSS_MAX && !/url\(|<\//i.test(text)
            ? `<style nonce="CSP_NONCE_PLACEHOLDER">${text}</style>`
            : link
        },
      )
    } catch (e) {
      app.log.error({ err: e }, 'The page paints could not start; pages are sent without them.')
      painter = undefined
    }
  }
  const prefix = opts.cookiePrefix ?? ''

  /** The page's language: ?lang= if offered, else the visitor's stored choice (its cookie), else English. */
  const languageOf = (req: FastifyRequest, query: string) => {
    const asked = new URLSearchParams(query).get(constants.languageQueryParam)
    if (asked === 'en' || asked === 'es') return asked
    const kept = cookie(req, constants.languageCookieName)
    return kept === 'es' ? 'es' : 'en'
  }

  /** The login token of the page request, if it carries a well-formed one. */
  const tokenOf = (req: FastifyRequest) => {
    const token = cookie(req, `${prefix}${constants.loginCookieName}`)
    return token && /^[\w.~+/=-]+$/.test(token) ? token : undefined
  }
  /** Makes one of a page's calls in-process, as the browser would: its cookies, token, geo and language. */
  const callFor =
    (req: FastifyRequest) =>
    async (r: FirstDataRequest): Promise<{ status: number; body: unknown }> => {
      const headers: Record<string, string> = { accept: 'application/json' }
      for (const h of FORWARDED) {
        const v = req.headers[h]
        if (typeof v === 'string') headers[h] = v
      }
      const token = tokenOf(req)
      if (token) headers.authorization = `Bearer ${token}`
      if (req.headers.cookie) headers.cookie = req.headers.cookie
      const res = await app.inject({
        method: r.method ?? 'GET',
        url: dataKey(r.path, r.params),
        headers,
        remoteAddress: req.ip,
      })
      let body: unknown = null
      try {
        body = res.json()
      } catch {
        // not JSON: the screen draws its error state, the app asks again
      }
      return { status: res.statusCode, body }
    }

  /** The start-up reads' replies for this request, by their keys. */
  const startReplies = async (req: FastifyRequest) => {
    const get = callFor(req)
    const data: Record<string, { status: number; body: unknown }> = {}
    await Promise.all(
      (painter?.startReads ?? []).map(async (r) => {
        data[requestKey(r)] = await get(r)
      }),
    )
    return data
  }
  const startKeys = new Set((painter?.startReads ?? []).map(requestKey))

  /** A page not drawn at request time still carries the start-up reads, so the app starts without them. */
  const startData = async (req: FastifyRequest): Promise<string> => {
    if (!painter?.startReads?.length) return ''
    return `<script type="application/json" id="first-data">${scriptJson(await startReplies(req))}</script>`
  }

  // Drawn pages kept for visitors (issue 29, lib/page-cache.ts): as long as the catalog's ready replies
  // they are drawn from, and dropped with them.
  const catalogCache = app.hasDecorator('catalogCache') ? app.catalogCache : undefined
  const kept = new PageCache(() => catalogCache?.ttlMs ?? 0)
  catalogCache?.onClear(() => kept.clear())
  /** The drawings under way, by key: what a visitor asking meanwhile waits for. */
  const drawing = new Map<string, Promise<KeptPage | undefined>>()
  const EMPTY_DATA = '<script type="application/json" id="first-data">{}</script>'
  /** This request's start-up reads as JSON members, with the comma before the kept data's. */
  const ownData = (k: KeptPage, start: Record<string, unknown>) => {
    const own = scriptJson(start).slice(1, -1)
    return own && k.data ? `${own},` : own
  }
  /** A kept page with this request's start-up reads put in beside its drawn data. */
  const assemble = (k: KeptPage, start: Record<string, unknown>) =>
    `${k.before}${ownData(k, start)}${k.data}${k.after}`
  /** The kept page's gzip template: its text cut at each nonce and where the visitor's own data goes. */
  const templates = new WeakMap<KeptPage, { gzip: GzipTemplate; holes: ('nonce' | 'own')[] }>()
  const templateOf = (k: KeptPage) => {
    let t = templates.get(k)
    if (!t) {
      const head = k.before.split(NONCE)
      const tail = `${k.data}${k.after}`.split(NONCE)
      const holes = [
        ...head.slice(1).map(() => 'nonce' as const),
        'own' as const,
        ...tail.slice(1).map(() => 'nonce' as const),
      ]
      t = { gzip: new GzipTemplate([...head, ...tail]), holes }
      templates.set(k, t)
    }
    return t
  }

  /** A digest of a drawing's own calls and their replies, in the order of their keys. */
  const repliesDigest = (made: readonly (readonly [FirstDataRequest, unknown])[]) =>
    createHash('sha256')
      .update(
        JSON.stringify(
          made
            .map(([r, reply]) => [requestKey(r), reply] as const)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        ),
      )
      .digest('base64')
  /**
   * Whether a kept page's calls, made again for this request, answer as they did when it was drawn,
   * and it was drawn less than RENEW_LIFETIMES lifetimes ago (lib/page-cache.ts).
   */
  const answersAsDrawn = async (req: FastifyRequest, page: KeptPage) => {
    const ttl = catalogCache?.ttlMs ?? 0
    if (!page.calls || page.replies === undefined || page.drawnAt === undefined) return false
    if (Date.now() - page.drawnAt >= RENEW_LIFETIMES * ttl) return false
    const call = callFor(req)
    const now = await Promise.all(page.calls.map(async (r) => [r, await call(r)] as const))
    return repliesDigest(now) === page.replies
  }

  const paintPage = async (req: FastifyRequest, url: string) => {
    if (!painter || !indexHtml || !sheets || !sheetsFor) return null
    const [, query = ''] = url.split('?')
    const token = tokenOf(req)
    const language = languageOf(req, query)
    const userAgent = String(req.headers['user-agent'] ?? '')
    const cookies = cookiesOf(req)
    // a member's page is drawn for them alone, every time
    const key = token ? undefined : `${url}\n${language}\n${ipCountry(req, app.services)}\n${userAgent}`
    const draw = async () => {
      const call = callFor(req)
      /** the page's own calls and their replies, to see later whether they still answer the same */
      const made: [FirstDataRequest, { status: number; body: unknown }][] = []
      const drawnAt = Date.now()
      const paint = await painter!.paint({
        url,
        language,
        member: Boolean(token),
        userAgent,
        cookies,
        get: async (r) => {
          const reply = await call(r)
          if (!startKeys.has(requestKey(r))) made.push([r, reply])
          return reply
        },
      })
      if (!paint) return null
      const css = sheetsFor!(paint.classes, sheets!)
      const base = paintIndexHtml ?? indexHtml!
      if (key === undefined || !paint.cookiesRead) {
        return { status: paint.status, html: withPagePaint(base, paint, css, inlineCss, copiesOf) }
      }
      // kept without the start-up reads: the next visitor's are their own
      const drawn: Record<string, unknown> = {}
      const start: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(paint.data)) (startKeys.has(k) ? start : drawn)[k] = v
      const whole = withPagePaint(base, { ...paint, data: {} }, css, inlineCss, copiesOf)
      const at = whole.indexOf(EMPTY_DATA) + EMPTY_DATA.length - '}</script>'.length
      const page: KeptPage = {
        status: paint.status,
        before: whole.slice(0, at),
        after: whole.slice(at),
        data: scriptJson(drawn).slice(1, -1),
        cookies: Object.fromEntries(paint.cookiesRead.map((n) => [n, cookies[n]])),
        calls: made.map(([r]) => r),
        replies: repliesDigest(made),
        drawnAt,
      }
      kept.set(key, page)
      return { status: page.status, kept: { page, start }, page }
    }
    if (key === undefined) return draw()
    const hit = kept.get(key, cookies)
    if (hit) {
      // stale: sent at once while one new drawing runs for the next visitors
      if (hit.stale && !drawing.has(key)) {
        // its calls answering as when it was drawn: kept for another lifetime, not drawn again
        const p = answersAsDrawn(req, hit.page).then((same) =>
          same && kept.renew(key, hit.page) ? hit.page : draw().then((r) => r?.page),
        )
        drawing.set(key, p)
        p.catch((e) => req.log.error({ err: e }, 'page paint failed')).finally(() => drawing.delete(key))
      }
      return { status: hit.page.status, kept: { page: hit.page, start: await startReplies(req) } }
    }
    // the visitors who ask while the page is drawn wait for that drawing, not for one each
    const pending = drawing.get(key)
    if (pending) {
      const page = await pending.catch(() => undefined)
      if (page && matches(page, cookies))
        return { status: page.status, kept: { page, start: await startReplies(req) } }
    }
    const mine = draw()
    const p = mine.then((r) => r?.page)
    drawing.set(key, p)
    try {
      return await mine
    } finally {
      if (drawing.get(key) === p) drawing.delete(key)
    }
  }

  const sendIndex = async (reply: FastifyReply, url = '/', req?: FastifyRequest) => {
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`, then restart the server.')
    }
    // a redirect of the route table that needs no session: the browser goes there at once, so the
    // page it lands on can arrive drawn (the app would go there too, after starting)
    const to = req ? painter?.redirect?.(url) : null
    if (to) return reply.header('Cache-Control', 'no-cache').redirect(to, 302)
    let page: Painted | null = null
    let reads = ''
    if (req) {
      try {
        page = await paintPage(req, url)
        if (!page) reads = await startData(req)
      } catch (e) {
        // a paint that fails must not fail the page: the app draws it
        req.log.error({ err: e }, 'page paint failed')
      }
    }
    const n = nonce()
    reply
      .code(page?.status ?? 200)
      .header('Content-Security-Policy', spaCsp(n))
      // a member's page carries their own replies (a drawn account page, the start-up reads): no shared cache keeps it
      .header('Cache-Control', req && tokenOf(req) ? 'private, no-cache' : 'no-cache')
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
    if (page?.kept) {
      const { page: k, start } = page.kept
      // a kept page goes out as gzip made of its parts compressed once (lib/gzip-template.ts)
      if (req && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        const own = ownData(k, start)
        const t = templateOf(k)
        return reply
          .header('Vary', 'Cookie, Accept-Encoding')
          .header('Content-Encoding', 'gzip')
          .send(t.gzip.render(t.holes.map((h) => (h === 'own' ? own : n))))
      }
      return reply.send(assemble(k, start).replaceAll(NONCE, n))
    }
    return reply.send(
      (page?.html ?? withFirstPaint(indexHtml, paints, url).replace('</body>', `${reads}</body>`)).replaceAll(
        NONCE,
        n,
      ),
    )
  }

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // one route per built file, found at start (the build does not change under a running server): a
      // page path (/stores, a store) goes straight to the app's page without touching the disk; with a
      // wildcard route every page request first looked for a file of its name (stat and readdir: about
      // two thirds of a drawn page's CPU, issue 29)
      wildcard: false,
      // index.html and the first paints are sent drawn (below), never as files; the .br and .gz copies
      // are not routes of their own but what preCompressed sends for their file
      globIgnore: ['index.html', 'first-paint.json', 'first-paint.json.*', '**/*.br', '**/*.gz'],
      decorateReply: false,
      // the build writes .br and .gz copies of every text asset (rsbuild.config.ts)
      preCompressed: true,
      setHeaders(res, path) {
        if (/[/\\]static[/\\]/.test(path)) res.header('Cache-Control', 'public, max-age=31536000, immutable')
        else res.header('Cache-Control', 'public, max-age=3600')
      },
    })
  }
  app.get('/', (req, reply) => sendIndex(reply, req.url, req))
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
        return sendIndex(reply, req.url, req)
      return reply
        .code(404)
        .send(errorBody(404, { route: [`No route for ${req.method} ${path}`] }, { route: 'no_route' }))
    },
  }
}
