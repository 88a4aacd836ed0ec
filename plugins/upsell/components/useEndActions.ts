import { useServices, useSession } from '@core'
import { decline, type PlanId, type Subscription } from '../api'

/** What the payment and upsell blocks do on acceptance (conversion pixel) and on opting out. */
export function useEndActions(plan: PlanId, data: Record<string, unknown>, tpsha1?: string) {
  const { http, events, track } = useServices()
  const session = useSession()
  return {
    converted(sub: Subscription) {
      events.emit('load-pixels', {
        transactionId: tpsha1 || sub.id,
        email: session.member?.email,
        product: plan,
        pixelTypes: ['conversion'],
      })
    },
    async optOut() {
      track('upsell_declined', { plan, ...data })
      try {
        await decline(http, plan, tpsha1)
      } catch {
        // the visitor said no: leaving does not depend on the server recording it
      }
    },
  }
}
