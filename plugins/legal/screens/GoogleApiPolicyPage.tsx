import { DocPage } from '../components/DocPage'

/** /googleapiservicesuserdatapolicy: how data from Google APIs is used. */
export default function GoogleApiPolicyPage() {
  return <DocPage doc="googleApi" />
}
