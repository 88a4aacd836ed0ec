const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
}

/**
 * The page's CSP allows no style attributes (style-src has a nonce, no 'unsafe-inline'), so those of
 * the markup (a store logo's colour) become rules of the nonce'd style element, each value once:
 * `style="--logo-bg:#264653"` is `data-fp-style="0"` and `[data-fp-style="0"]{--logo-bg:#264653}`.
 * A value that could end the rule or the element (braces, angle brackets) is dropped.
 */
export function styleAttributesToRules(html: string): { html: string; css: string } {
  const ids = new Map<string, number>()
  const out = html.replace(/ style="([^"]*)"/g, (_m, raw: string) => {
    const value = raw.replace(/&(amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e] ?? e)
    if (/[{}<>]/.test(value)) return ''
    let id = ids.get(value)
    if (id === undefined) {
      id = ids.size
      ids.set(value, id)
    }
    return ` data-fp-style="${id}"`
  })
  const css = [...ids].map(([value, id]) => `[data-fp-style="${id}"]{${value}}`).join('')
  return { html: out, css }
}
