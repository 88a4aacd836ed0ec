import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * Which stylesheets a first paint needs: the web build's CSS files that index.html does not link
 * already, picked so that every class name the markup uses is defined. Used at build time for the
 * static first paints (rsbuild.config.ts) and at start-up for the request-time ones (server/static.ts).
 */
export interface SheetIndex {
  /** The CSS index.html links (always there). */
  linkedText: string
  /**
   * The other sheets, one of identical copies, smallest first; `copies`: the URLs of the others with the
   * same text (a CSS module that several chunks use is copied into each chunk's sheet).
   */
  others: { url: string; text: string; copies: string[] }[]
}

const walk = (dir: string): string[] => {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    )
  } catch {
    return []
  }
}

export function sheetIndex(webDir: string, indexHtml: string): SheetIndex {
  const linked = new Set([...indexHtml.matchAll(/href="([^"]+\.css)"/g)].map((m) => m[1]))
  const sheets = walk(join(webDir, 'static/css'))
    .filter((f) => f.endsWith('.css'))
    .map((f) => ({ url: `/${relative(webDir, f).split('\\').join('/')}`, text: readFileSync(f, 'utf8') }))
    // in the order of their names, whatever the order of the folder (the same copy is kept every time)
    .sort((a, b) => (a.url < b.url ? -1 : 1))
  const linkedText = sheets
    .filter((f) => linked.has(f.url))
    .map((f) => f.text)
    .join('')
  // A CSS module used by several chunks is copied into each: keep one of identical copies, with the
  // URLs of the others
  const byText = new Map<string, { url: string; text: string; copies: string[] }>()
  for (const f of sheets.filter((f) => !linked.has(f.url))) {
    const kept = byText.get(f.text)
    if (kept) kept.copies.push(f.url)
    else byText.set(f.text, { ...f, copies: [] })
  }
  const others = [...byText.values()].sort((a, b) => a.text.length - b.text.length)
  return { linkedText, others }
}

const esc = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const defines = (text: string, c: string) => new RegExp(`\\.${esc(c)}(?![\\w-])`).test(text)

/** The fewest, smallest sheets (URLs) that define every class not already defined by the linked CSS. */
export function sheetsFor(classes: readonly string[], index: SheetIndex): string[] {
  const css: string[] = []
  const missing = new Set(classes.filter((c) => c && !defines(index.linkedText, c)))
  for (const c of classes) {
    if (!missing.has(c)) continue
    const sheet = index.others.find((f) => defines(f.text, c))
    if (!sheet) continue
    css.push(sheet.url)
    for (const other of missing) if (defines(sheet.text, other)) missing.delete(other)
  }
  return css
}
