import { WatchPage } from '../components/WatchPage'

/** /account/protection/hotel: the orders watched for hotel protection and their claims. */
export default function HotelPage() {
  return <WatchPage kind="hotel" />
}
