import { DocPage } from '../components/DocPage'

/** /ccpa-notice: the notice at collection for California residents. */
export default function CcpaNoticePage() {
  return <DocPage doc="ccpaNotice" />
}
