import { DocPage } from '../components/DocPage'

/** /license: open-source notices. */
export default function LicensePage() {
  return <DocPage doc="license" />
}
