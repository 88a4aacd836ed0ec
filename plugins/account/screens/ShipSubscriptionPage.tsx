import { Membership } from '../member/Membership'

/** /account/shipsubscription: the shipping add-on. */
export default function ShipSubscriptionPage() {
  return <Membership plan="shipping" />
}
