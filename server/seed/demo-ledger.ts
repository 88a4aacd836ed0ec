import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import type { Rand } from '../lib/rand.ts'
import { bulkInsert, DAY, iso } from './rows.ts'

/** The demo member's payable balances: what the header shows ($42.73) and the coin pages (3,150). */
export const DEMO_CASH_CENTS = 4273
export const DEMO_COINS = 3150

/**
 * The demo member's money as ledger rows (never a stored balance): 45 purchases with cash back or Plus
 * rebates in every status, coins from surveys and offers with a reversal, a referral bonus for Sam's
 * first confirmed cash back (Alex has none yet), and two paid withdrawals sized so that the payable
 * sums come to DEMO_CASH_CENTS and DEMO_COINS.
 */
export async function seedDemoLedger(db: Db, uid: number, friends: number[], storeIds: number[], R: Rand) {
  const now = Date.now()
  const statuses = ['pending', 'confirmed', 'payable', 'paid', 'declined'] as const
  const reasons: Record<string, string> = {
    pending: 'The store has reported the purchase; it is confirmed after the return period.',
    confirmed: 'The store confirmed the purchase.',
    payable: 'Ready to withdraw.',
    paid: 'Included in a withdrawal.',
    declined: 'The order was returned or cancelled.',
  }
  const benefitTypes = ['cashback', 'shipping', 'fooddelivery', 'rideshare', 'streaming', 'grocery']
  const rows: Record<string, unknown>[] = []
  const row = (r: Record<string, unknown>) =>
    rows.push({ user_id: uid, currency: 'cash', store_id: null, offer: null, benefit_type: null, ...r })
  let payable = 0
  let paid = 0
  for (let k = 0; k < 45; k++) {
    const status = R.pick(statuses)
    const order = R.int(10, 300) * 100 + R.int(0, 99)
    const created = now - R.int(1, 190) * DAY
    const benefit = R.pick(benefitTypes)
    const amount = Math.round(order * R.pick([0.02, 0.03, 0.05, 0.08]))
    if (status === 'payable') payable += amount
    if (status === 'paid') paid += amount
    row({
      kind: benefit === 'cashback' ? 'cashback' : 'plus_rebate',
      amount,
      status,
      reason: reasons[status],
      store_id: R.pick(storeIds),
      benefit_type: benefit,
      order_amount_cents: order,
      expected_at: status === 'pending' || status === 'confirmed' ? iso(created + 60 * DAY) : null,
      created_at: iso(created),
      source_ref: `seed:purchase:${k}`,
    })
  }
  // Sam's first cash back confirmed: the referral bonus (the same source reference the server books).
  const bonus = constants.referralBonusCents
  await bulkInsert(db, 'ledger', [
    {
      user_id: friends[0],
      kind: 'cashback',
      currency: 'cash',
      amount: 240,
      status: 'confirmed',
      reason: reasons.confirmed,
      store_id: storeIds[0],
      benefit_type: 'cashback',
      order_amount_cents: 8000,
      created_at: iso(now - 8 * DAY),
      source_ref: 'seed:friend:0',
    },
  ])
  row({
    kind: 'referral_bonus',
    amount: bonus,
    status: 'payable',
    reason: "Referral bonus: Sam's first cash back was confirmed",
    created_at: iso(now - 7 * DAY),
    source_ref: `referral:${friends[0]}`,
  })
  // What is left to reach the demo balance is one more payable purchase, or part of the withdrawal.
  const rest = DEMO_CASH_CENTS - payable - bonus
  if (rest > 0) {
    row({
      kind: 'cashback',
      amount: rest,
      status: 'payable',
      reason: reasons.payable,
      store_id: storeIds[1] ?? null,
      benefit_type: 'cashback',
      order_amount_cents: rest * 20,
      created_at: iso(now - 20 * DAY),
      source_ref: 'seed:purchase:45',
    })
  }
  const cashOut = paid + Math.max(0, -rest)
  // Coins: surveys and offers, one reversal; the coin withdrawal takes what is above DEMO_COINS.
  let earned = 0
  for (let k = 0; k < 20; k++) {
    const survey = k % 2 === 0
    const amount = R.int(1, 20) * 50
    earned += amount
    rows.push({
      user_id: uid,
      kind: survey ? 'coin_survey' : 'coin_offer',
      currency: 'coin',
      amount,
      status: 'payable',
      reason: survey ? 'Survey completed' : 'Offer completed: Budget Buddy',
      offer: survey ? null : 'Budget Buddy',
      created_at: iso(now - R.int(1, 180) * DAY),
      source_ref: `seed:coins:${k}`,
    })
  }
  const reversal = 150
  rows.push({
    user_id: uid,
    kind: 'coin_reversal',
    currency: 'coin',
    amount: -reversal,
    status: 'payable',
    reason: 'Offer reversed by the advertiser: Tile Kingdom',
    offer: 'Tile Kingdom',
    created_at: iso(now - 40 * DAY),
    source_ref: 'seed:coins:reversal',
  })
  let coinsOut = earned - reversal - DEMO_COINS
  if (coinsOut < constants.withdrawalMinimum.coins) {
    const top = constants.withdrawalMinimum.coins - coinsOut
    rows.push({
      user_id: uid,
      kind: 'coin_survey',
      currency: 'coin',
      amount: top,
      status: 'payable',
      reason: 'Survey completed',
      offer: null,
      created_at: iso(now - 90 * DAY),
      source_ref: 'seed:coins:20',
    })
    coinsOut = constants.withdrawalMinimum.coins
  }
  const [cashW, coinW] = await bulkInsert(db, 'withdrawals', [
    {
      user_id: uid,
      kind: 'cash',
      amount: cashOut,
      value_cents: cashOut,
      method: 'paypal',
      destination: 'd***@example.com',
      status: 'paid',
      created_at: iso(now - 60 * DAY),
    },
    {
      user_id: uid,
      kind: 'coin',
      amount: coinsOut,
      value_cents: Math.floor((coinsOut * 100) / constants.coinWithdrawal.coinsPerDollar),
      method: 'giftcard',
      destination: 'Amazon',
      status: 'paid',
      created_at: iso(now - 30 * DAY),
    },
  ])
  // the withdrawals' debits (the cash one through row(), with the columns of the purchases)
  const debit = (amount: number, reason: string, daysAgo: number, id: number | undefined) => ({
    kind: 'withdrawal',
    amount: -amount,
    status: 'paid',
    reason,
    created_at: iso(now - daysAgo * DAY),
    source_ref: `withdrawal:${id}`,
  })
  row(debit(cashOut, 'Withdrawal to PayPal', 60, cashW))
  rows.push({
    user_id: uid,
    currency: 'coin',
    ...debit(coinsOut, 'Coin withdrawal to a gift card', 30, coinW),
  })
  await bulkInsert(db, 'ledger', rows)
}
