import { DocPage } from '../components/DocPage'

/** /careers: the company and its open roles. */
export default function CareersPage() {
  return <DocPage doc="careers" />
}
