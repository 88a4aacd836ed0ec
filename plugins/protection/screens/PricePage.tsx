import { WatchPage } from '../components/WatchPage'

/** /account/protection/price: the orders watched for price protection and their claims. */
export default function PricePage() {
  return <WatchPage kind="price" />
}
