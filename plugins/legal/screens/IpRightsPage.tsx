import { DocPage } from '../components/DocPage'

/** /iprights: trademarks, copyright and how to report an infringement. */
export default function IpRightsPage() {
  return <DocPage doc="ipRights" />
}
