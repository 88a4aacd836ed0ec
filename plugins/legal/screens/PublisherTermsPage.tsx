import { DocPage } from '../components/DocPage'

/** /publisher-terms: terms for publishers and affiliates who promote the brand. */
export default function PublisherTermsPage() {
  return <DocPage doc="publisherTerms" />
}
