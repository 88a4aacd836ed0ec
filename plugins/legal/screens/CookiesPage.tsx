import { DocPage } from '../components/DocPage'

/** /cookies: the cookies policy. */
export default function CookiesPage() {
  return <DocPage doc="cookies" />
}
