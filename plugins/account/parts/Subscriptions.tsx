import { useSession } from '@core'
import { observer } from 'mobx-react-lite'
import { MembershipView } from '../member/Membership'

/**
 * The part 'account.subscriptions': the plus membership, and the shipping one when the member has it,
 * as /account/subscription and /account/shipsubscription show them (one component, MembershipView).
 */
export default observer(function Subscriptions() {
  const session = useSession()
  return (
    <div data-testid="subscriptions-part">
      <MembershipView plan="plus" />
      {session.member?.shipping ? <MembershipView plan="shipping" /> : null}
    </div>
  )
})
