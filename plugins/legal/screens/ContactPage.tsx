import { DocPage } from '../components/DocPage'

/** /contact and /account/contact: the ways to reach the company. */
export default function ContactPage() {
  return <DocPage doc="contact" />
}
