/**
 * The destination of /mobile/force-login-then-redirect?next=…: a path on this site ('/stores?x=1'),
 * else `fallback` (the dashboard). Refused: another site ('//evil.example', 'https://…', '/\\evil'), a
 * scheme ('javascript:…'), control characters, anything not starting with one '/'.
 *
 * @example safeNext('/account/rebates', dashboard) // '/account/rebates'
 * @example safeNext('//evil.example', dashboard) // dashboard
 */
export function safeNext(next: string | null | undefined, fallback: string): string {
  if (!next || next.length > 2000) return fallback
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (!next.startsWith('/') || /^\/[/\\]|[\u0000-\u001f\\]/.test(next)) return fallback
  // what the browser would make of it must stay on this origin
  try {
    const base = 'https://same.invalid'
    const u = new URL(next, base)
    if (u.origin !== base) return fallback
    return `${u.pathname}${u.search}${u.hash}`
  } catch {
    return fallback
  }
}
