import { DocPage } from '../components/DocPage'

/** /how-it-works: join, shop through us, earn cash back, get paid. */
export default function HowItWorksPage() {
  return <DocPage doc="howItWorks" noToc />
}
