import { DocPage } from '../components/DocPage'

/** /ccpa-privacy-rights: how to ask for access to or deletion of personal information. */
export default function CcpaPrivacyRightsPage() {
  return <DocPage doc="ccpaRights" />
}
