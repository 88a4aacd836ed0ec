import { StoreBrowser } from '../components/StoreBrowser'

/** /MerchantList: every store, A to Z, with the same search. */
export default function MerchantListPage() {
  return <StoreBrowser defaultSort="name" titleKey="stores.allTitle" />
}
