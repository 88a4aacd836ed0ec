import type { Services } from '../../services.ts'
import type { ConversionChange } from './hooks.ts'
import { matchInquiries } from './inquiries.ts'
import { afterCashbackChanges } from './notify.ts'

/**
 * What every caller of applyConversions does next: match open inquiries against the conversions it
 * parked (engineer D), tell the members (engineer E), and forget the members' cached sums. Never throws.
 */
export async function afterApply(
  s: Services,
  changes: ConversionChange[],
  parked: number[],
  onError: (err: unknown) => void,
): Promise<ConversionChange[]> {
  let all = changes
  if (parked.length) {
    try {
      all = [...changes, ...(await matchInquiries(s.db, { conversionIds: parked }))]
    } catch (err) {
      onError(err)
    }
  }
  if (all.length) {
    try {
      await afterCashbackChanges(s, all)
    } catch (err) {
      onError(err)
    }
    for (const uid of new Set(all.map((c) => c.userId))) s.sessions.forget(uid)
  }
  return all
}
