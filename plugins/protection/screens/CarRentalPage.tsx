import { WatchPage } from '../components/WatchPage'

/** /account/protection/carrental: the orders watched for carrental protection and their claims. */
export default function CarRentalPage() {
  return <WatchPage kind="carrental" />
}
