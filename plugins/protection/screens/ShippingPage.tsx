import { WatchPage } from '../components/WatchPage'

/** /account/protection/shipping: the orders watched for shipping protection and their claims. */
export default function ShippingPage() {
  return <WatchPage kind="shipping" />
}
