import { DocPage } from '../components/DocPage'

/** /about: who we are and what we do. */
export default function AboutPage() {
  return <DocPage doc="about" />
}
