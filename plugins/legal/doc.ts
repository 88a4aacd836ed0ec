/** The shape of one legal document in locales/<lng>/legal.json under `docs.<key>`. */
export interface DocLink {
  label: string
  href: string
  note?: string
}

export type Block =
  | string
  | { h3: string }
  | { list: string[] }
  | { steps: string[] }
  | { links: DocLink[] }
  | { table: { caption: string; head: string[]; rows: string[][] } }

export interface DocSection {
  id: string
  heading: string
  body: Block[]
}

export interface LegalDoc {
  title: string
  /** ISO date (yyyy-mm-dd) of the last change, shown formatted for the language. */
  updated?: string
  intro?: Block[]
  sections: DocSection[]
  /** Ids of sections taken, in this order, from the base document after this one's own sections. */
  shared?: string[]
  /** The order of the composed sections by id (own and shared); sections it does not name come last. */
  order?: string[]
}

export function isLegalDoc(v: unknown): v is LegalDoc {
  if (typeof v !== 'object' || v === null) return false
  const d = v as Partial<LegalDoc>
  return typeof d.title === 'string' && Array.isArray(d.sections)
}

/** A variant made of its own sections followed by the base document's sections it names in `shared`. */
export function composeDoc(variant: LegalDoc, base: LegalDoc): LegalDoc {
  const byId = new Map(base.sections.map((s) => [s.id, s]))
  const shared = (variant.shared ?? []).flatMap((id) => {
    const s = byId.get(id)
    return s ? [s] : []
  })
  let sections = [...variant.sections, ...shared]
  if (variant.order?.length) {
    const rank = new Map(variant.order.map((id, i) => [id, i]))
    const at = (id: string) => rank.get(id) ?? Number.MAX_SAFE_INTEGER
    sections = sections
      .map((sec, i) => ({ sec, i }))
      .sort((a, b) => at(a.sec.id) - at(b.sec.id) || a.i - b.i)
      .map(({ sec }) => sec)
  }
  return { ...variant, sections, shared: undefined, order: undefined }
}

/** An href inside the app (handled by the router) rather than another site, a mailbox or a phone. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//')
}
