/** The CSP nonce the server gave this page (index.html's scripts carry it; `.nonce` survives nonce hiding). */
export function scriptNonce(doc: Document = document): string | undefined {
  for (const s of doc.querySelectorAll<HTMLScriptElement>('script[nonce]')) if (s.nonce) return s.nonce
  for (const s of doc.querySelectorAll<HTMLScriptElement>('script')) if (s.nonce) return s.nonce
  return undefined
}
