/**
 * Third-party pixel scripts run in a sandboxed iframe: `sandbox="allow-scripts"` without
 * allow-same-origin gives the frame an opaque origin, so a script there cannot read the page's
 * cookies, local storage, tokens or DOM (every such access throws a SecurityError), cannot navigate
 * the page, open pop-ups or submit forms.
 *
 * Why srcdoc with the page's nonce: a srcdoc frame inherits the page's CSP (tried in Chromium against
 * the server's policy: inline scripts without the nonce are blocked, a blob: document has no usable
 * base URL for the pixels' relative addresses, a data: document is blocked too). Giving each pixel's
 * script element the page's nonce runs it without weakening the page's policy; the pixel's requests
 * still obey that policy (img-src, connect-src).
 */

/** Escapes what would end the script element early. */
export function inlineScript(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--')
}

/** The frame document: each pixel in its own script element, so one that throws does not stop the others. */
export function frameDocument(scripts: readonly string[], nonce: string | undefined): string {
  const n = nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : ''
  const body = scripts.map((s) => `<script${n}>try{${inlineScript(s)}\n}catch(e){}</script>`).join('')
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`
}

/** Mounts the frame (hidden, out of the accessibility tree) and removes it after `keepMs`. */
export function runSandboxed(
  scripts: readonly string[],
  opts: { nonce?: string; doc?: Document; keepMs?: number } = {},
): HTMLIFrameElement | undefined {
  if (scripts.length === 0) return undefined
  const doc = opts.doc ?? document
  const f = doc.createElement('iframe')
  f.setAttribute('sandbox', 'allow-scripts')
  f.setAttribute('aria-hidden', 'true')
  f.setAttribute('tabindex', '-1')
  f.setAttribute('referrerpolicy', 'no-referrer')
  f.title = 'pixel'
  f.dataset.pixelFrame = ''
  f.style.cssText = 'position:absolute;width:1px;height:1px;border:0;left:-9999px;top:0;visibility:hidden'
  f.srcdoc = frameDocument(scripts, opts.nonce)
  doc.body.append(f)
  setTimeout(() => f.remove(), opts.keepMs ?? 60_000)
  return f
}
