import type { Db } from '../db/index.ts'
import { hashPassword } from '../lib/password.ts'
import { type Rand, slugify } from '../lib/rand.ts'
import { seedDemoLedger } from './demo-ledger.ts'
import { seedDemoProtection } from './protection.ts'
import { bulkInsert, DAY, iso } from './rows.ts'

/** The demo member (SEED_DEMO=1, npm run dev, tests): a published password. */
export const DEMO_EMAIL = 'demo@example.com'
export const DEMO_PASSWORD = 'demo-rewards-2024'

/**
 * The demo member Dana, with two referred friends, a ledger (demo-ledger.ts), notifications, gift cards
 * (one redeemed, one expired, and an unowned welcome code), a card, a Plus subscription with its
 * payments, and protection (protection.ts).
 */
export async function seedDemoMember(db: Db, storeIds: number[], R: Rand) {
  const now = Date.now()
  const hash = await hashPassword(DEMO_PASSWORD)
  const demo = await db.one<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, is_verified, created_at, coin_onboarding, subscribed, plus_active,
       country_code, referral_code, sid, partner, cid)
     VALUES ($1, 'Dana Demo', $2, true, $3, 1, true, true, 'US', 'DANA2024', '01152024_organic', 'organic', 'homepage')
     RETURNING id`,
    [DEMO_EMAIL, hash, iso(now - 200 * DAY)],
  )
  const uid = demo!.id
  const friends: number[] = []
  for (const [name, email] of [
    ['Sam Rivera', 'sam.rivera@example.com'],
    ['Alex Chen', 'alex.chen@example.com'],
  ]) {
    const f = await db.one<{ id: number }>(
      'INSERT INTO users (email, name, is_verified, referral_code, referred_by, created_at) VALUES ($1, $2, true, $3, $4, $5) RETURNING id',
      [email, name, slugify(name as string).toUpperCase(), uid, iso(now - R.int(10, 100) * DAY)],
    )
    friends.push(f!.id)
  }
  await seedDemoLedger(db, uid, friends, storeIds, R)
  await bulkInsert(db, 'notifications', [
    {
      user_id: uid,
      title: 'Cash back confirmed',
      body: 'Your $4.20 from Northwind Outfitters is confirmed.',
      created_at: iso(now - 2 * DAY),
    },
    {
      user_id: uid,
      title: 'New survey available',
      body: 'A 5-minute survey worth 250 coins is waiting.',
      created_at: iso(now - 5 * DAY),
    },
    {
      user_id: uid,
      title: 'Your Plus renewal',
      body: 'Your Plus membership renews next week.',
      created_at: iso(now - 9 * DAY),
      read_at: iso(now - 8 * DAY),
    },
  ])
  /** A gift card of `owner` (null: nobody's yet), expiring `days` from now (negative: expired), made `madeDaysAgo`. */
  const card = (
    owner: number | null,
    brand: string,
    amount_cents: number,
    code: string,
    status: string,
    days: number,
    madeDaysAgo: number,
  ) => ({
    user_id: owner,
    brand,
    amount_cents,
    code,
    status,
    expires_at: iso(now + days * DAY),
    created_at: iso(now - madeDaysAgo * DAY),
  })
  await bulkInsert(db, 'gift_cards', [
    {
      ...card(uid, 'Amazon', 1000, 'DEMO-GC-7Q2K-19XA', 'redeemed', 300, 30),
      redeemed_at: iso(now - 29 * DAY),
    },
    card(uid, 'Target', 2500, 'DEMO-GC-3M8P-44ZT', 'expired', -3, 400),
    // the code any member may redeem once (/gift/redeem)
    card(null, 'Visa', 500, 'WELCOME-5-GIFT', 'active', 365, 0),
  ])
  await bulkInsert(db, 'payment_methods', [
    {
      user_id: uid,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      processor_ref: 'pm_sandbox_demo',
    },
  ])
  // the sandbox provider's record of the demo card's token (issue 27: renewals charge it)
  await db.query(
    `INSERT INTO sandbox_payment_methods (token, brand, last4, exp_month, exp_year, behaviour)
     VALUES ('pm_sandbox_demo', 'visa', '4242', 12, $1, 'succeed') ON CONFLICT (token) DO NOTHING`,
    [new Date().getFullYear() + 3],
  )
  await bulkInsert(db, 'subscriptions', [
    {
      user_id: uid,
      plan: 'plus',
      status: 'active',
      price_cents: 1299,
      next_billing_at: iso(now + 12 * DAY),
      created_at: iso(now - 200 * DAY),
    },
  ])
  await bulkInsert(db, 'payments', [
    {
      user_id: uid,
      amount_cents: 1299,
      status: 'succeeded',
      description: 'Plus membership, monthly',
      card_last4: '4242',
      processor_ref: 'ch_sandbox_1',
      created_at: iso(now - 18 * DAY),
    },
    {
      user_id: uid,
      amount_cents: 1299,
      status: 'succeeded',
      description: 'Plus membership, monthly',
      card_last4: '4242',
      processor_ref: 'ch_sandbox_2',
      created_at: iso(now - 48 * DAY),
    },
  ])
  await seedDemoProtection(db, uid, DEMO_EMAIL, now)
}
