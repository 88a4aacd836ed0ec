import { DocPage } from '../components/DocPage'

/** /review: asks for an app store review. */
export default function ReviewPage() {
  return <DocPage doc="review" />
}
