import { constants } from '@core'
import { claimCaps } from '../claim-contract'
import type { Rebate } from '../contract'

/**
 * Monthly caps by benefit type, in cents (SPEC 9 "up to 100 / 10 per month", in dollars as the legal
 * texts and the benefit pages state them; the claim contract's caps); a type not named has no monthly cap.
 */
export const MONTHLY_CAPS: Readonly<Record<string, number>> = claimCaps(constants)

/** The benefit types the account pages name (the server's rebates carry one of them). */
export const BENEFIT_TYPES = [
  'cashback',
  'shipping',
  'fooddelivery',
  'rideshare',
  'streaming',
  'grocery',
] as const

export interface MonthUse {
  type: string
  /** claims made this month that were not declined */
  claims: number
  /** what they earn, in cents */
  cents: number
  /** the monthly cap in cents, or null */
  cap: number | null
}

/** What was claimed in the calendar month of `now`, per benefit type, against the monthly caps. */
export function monthUse(rows: readonly Rebate[], now = new Date()): MonthUse[] {
  const by = new Map<string, MonthUse>()
  for (const type of Object.keys(MONTHLY_CAPS))
    by.set(type, { type, claims: 0, cents: 0, cap: MONTHLY_CAPS[type]! })
  for (const r of rows) {
    const d = new Date(r.created_at)
    if (d.getFullYear() !== now.getFullYear() || d.getMonth() !== now.getMonth()) continue
    if (r.status === 'declined') continue
    const u = by.get(r.benefit_type) ?? {
      type: r.benefit_type,
      claims: 0,
      cents: 0,
      cap: MONTHLY_CAPS[r.benefit_type] ?? null,
    }
    u.claims += 1
    u.cents += r.amount_cents
    by.set(r.benefit_type, u)
  }
  return [...by.values()]
}
