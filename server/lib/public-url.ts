/**
 * Every absolute URL the server writes (mail links, referral links, deep links, provider callbacks,
 * the postback URLs shown to partners) comes from one setting, PUBLIC_URL, never from the request's
 * Host or X-Forwarded-Host (issue 25, item 6: a reset mailed with `Host: evil.example` must still
 * link to this site).
 */

/** 127.0.0.0/8, ::1 and localhost: the addresses only this machine reaches. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return true // the server's default HOST is 127.0.0.1
  const h = host.replace(/^\[|\]$/g, '').toLowerCase()
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1'
}

/** PUBLIC_URL checked and normalised: an http(s) origin with an optional path, no trailing slash. */
export function normalisePublicUrl(raw: string): string {
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    throw new Error(`PUBLIC_URL '${raw}' is not an absolute URL (for example https://rewards.example.com).`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new Error(`PUBLIC_URL '${raw}' must start with http:// or https://.`)
  if (u.search || u.hash || u.username || u.password)
    throw new Error(`PUBLIC_URL '${raw}' must have no query, fragment or credentials.`)
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`
}

/** The default PUBLIC_URL: this machine at the port it listens on. */
export function defaultPublicUrl(port: number | string | undefined): string {
  return `http://localhost:${port ?? 3000}`
}

/** An absolute URL of this site for a path (which starts with '/'). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${path.startsWith('/') ? path : `/${path}`}`
}
