import { DocPage } from '../components/DocPage'

/** /faq and /account/faq: questions and answers; each has a stable id for /faq#<id>. */
export default function FaqPage() {
  return <DocPage doc="faq" />
}
