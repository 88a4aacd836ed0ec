/**
 * The time claims of a login token (a JWT: three URL-safe base64 parts joined by dots), read without
 * checking the signature: the client only uses them to decide when to ask the server for a new token.
 * null for anything that is not such a token or has no numeric `iat` and `exp` (seconds).
 */
export function tokenTimes(token: string): { issuedAt: number; expiresAt: number } | null {
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((p) => p === '')) return null
  try {
    const b64 = parts[1]!.replace(/-/g, '+').replace(/_/g, '/')
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)))) as {
      iat?: unknown
      exp?: unknown
    }
    const { iat, exp } = claims
    if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp))
      return null
    return { issuedAt: iat * 1000, expiresAt: exp * 1000 }
  } catch {
    return null
  }
}
