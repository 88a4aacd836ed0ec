import { LegalDocument, type LegalDocumentProps } from './LegalDocument'
import { useLegalDoc } from './useLegalDoc'

/** A page that is one document of the locale file: `docs.<doc>`, completed from `docs.<base>` if given. */
export function DocPage({
  doc,
  base,
  ...rest
}: { doc: string; base?: string } & Omit<LegalDocumentProps, 'doc'>) {
  const d = useLegalDoc(doc, base)
  return <LegalDocument doc={d} {...rest} />
}
