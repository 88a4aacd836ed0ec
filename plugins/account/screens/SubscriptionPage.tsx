import { Membership } from '../member/Membership'

/** /account/subscription: the Plus membership. */
export default function SubscriptionPage() {
  return <Membership plan="plus" />
}
