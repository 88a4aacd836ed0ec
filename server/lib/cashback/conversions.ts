import type { Db } from '../../db/index.ts'
import type { ConversionChange } from './hooks.ts'

/**
 * OWNED BY HELPER B (conversions core). Signatures agreed; bodies to be written.
 * The one path from a network's report (postback or file) to the ledger.
 */
export interface ConversionInput {
  network: string
  orderId: string
  /** our click id as the network echoed it (null or unknown: the conversion is parked) */
  clickId: string | null
  saleCents: number
  commissionCents: number
  currency: string
  status: 'pending' | 'confirmed' | 'reversed'
  orderedAt: Date
  program?: string | null
}

export interface ApplyResult {
  changes: ConversionChange[]
  /** ids of conversions parked by this call (unknown click id) */
  parked: number[]
  /** inputs that changed nothing (a repeat) */
  unchanged: number
}

/** Applies reported conversions (set-based; one call per postback or per report batch). */
export async function applyConversions(
  _db: Db,
  _inputs: ConversionInput[],
  _opts: { test: boolean },
): Promise<ApplyResult> {
  throw new Error('applyConversions: not written yet (helper B)')
}

/**
 * A parked conversion becomes a member's (an inquiry matched it): sets user, store and click (the
 * click's rate; without a click, the store's rate now), then books what its status calls for.
 */
export async function attachConversion(
  _tx: Db,
  _conversionId: number,
  _userId: number,
  _clickId: string | null,
): Promise<ConversionChange[]> {
  throw new Error('attachConversion: not written yet (helper B)')
}

/** Confirmed conversions whose payable_at has passed become payable (rows taken FOR UPDATE SKIP LOCKED). */
export async function releaseDueCashback(_db: Db): Promise<ConversionChange[]> {
  throw new Error('releaseDueCashback: not written yet (helper B)')
}
