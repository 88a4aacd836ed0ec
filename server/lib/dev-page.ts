import type { FastifyInstance, FastifyReply } from 'fastify'
import { nonce } from './security.ts'

/** Text for HTML: the five characters that could open markup or leave an attribute, escaped. */
export const esc = (t: string) =>
  t.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

/**
 * A page of a development stand-in for an outside site (the survey platform, the linked-accounts
 * provider): plain server-rendered HTML in English on purpose, under a strict CSP whose only style is
 * this page's own (nonce), never cached. `site` names the stand-in in the title, `banner` says what it
 * stands in for; `css` adds the page's own rules; `title`, `site` and `banner` are escaped, `body` is HTML.
 */
export function devPage(
  reply: FastifyReply,
  o: {
    status: number
    title: string
    site: string
    banner: string
    body: string
    css?: string
    width?: string
  },
) {
  const n = nonce()
  reply
    .code(o.status)
    .header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'nonce-${n}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
  return reply.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.title)} · ${esc(o.site)}</title>
<style nonce="${n}">body{font:16px/1.5 system-ui,sans-serif;max-width:${o.width ?? '36rem'};margin:2rem auto;padding:0 1rem;color:#1a1a1a}
button{font:inherit;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0;border:2px solid #1a4d8f;border-radius:6px;background:#fff;color:#1a4d8f;cursor:pointer}
button.primary{background:#1a4d8f;color:#fff}.note{color:#444;font-size:.9rem}${o.css ?? ''}</style></head>
<body><header><p class="note">${esc(o.banner)}</p></header>
<main>${o.body}</main></body></html>`)
}

/**
 * A stand-in calls this server the way an outside partner does: over HTTP to the address it listens on
 * (a wildcard address is called on loopback), or by inject when it is not listening (tests). A GET, or
 * a POST of `post.body` with `post.headers`. Answers the status.
 */
export async function callSelf(
  app: FastifyInstance,
  path: string,
  post?: { body: string; headers: Record<string, string> },
): Promise<number> {
  const method = post ? 'POST' : 'GET'
  const addr = app.server.listening ? app.server.address() : null
  if (addr && typeof addr === 'object') {
    const host =
      addr.address === '0.0.0.0'
        ? '127.0.0.1'
        : addr.address === '::'
          ? '[::1]'
          : addr.family === 'IPv6'
            ? `[${addr.address}]`
            : addr.address
    return (await fetch(`http://${host}:${addr.port}${path}`, { method, ...post })).status
  }
  return (
    await app.inject({ method, url: path, ...(post ? { payload: post.body, headers: post.headers } : {}) })
  ).statusCode
}

/**
 * A stand-in that is off: its pages answer 404 (not the SPA) under the same URLs, so the route table
 * does not depend on it.
 */
export function absentPages(app: FastifyInstance, pages: [method: 'GET' | 'POST', url: string][]) {
  const gone = async (_req: unknown, reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not found')
  for (const [method, url] of pages) app.route({ method, url, handler: gone })
}
