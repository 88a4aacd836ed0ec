import { NotFound, type ScreenProps } from '@core'
import { DocPage } from '../components/DocPage'

/**
 * A company or policy page: one document of locales/<lng>/legal.json. The route names it in its
 * props (config/routes.json): `doc`, the key under `docs.`, and `noToc: true` for a page without a
 * table of contents. A route with no `doc` shows the not-found page.
 */
export default function DocumentPage({ doc, noToc }: ScreenProps) {
  if (typeof doc !== 'string' || !doc) return <NotFound />
  // a new document is a new page: nothing of the previous one (its table of contents, its hash) stays
  return <DocPage key={doc} doc={doc} noToc={noToc === true} />
}
