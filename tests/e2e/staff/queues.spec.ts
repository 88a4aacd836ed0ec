/**
 * The staff queues (issue 28) in Chromium, English: finance@ approves a held payout and rejects
 * another (its money returns to the member's balance), and approves a rebate claim within its cap;
 * support@ matches a missing cash-back inquiry to the conversion the store's network reported without
 * a known click. axe finds no serious issue on the four queue pages. The member's side is made through
 * the app's own calls and its test-mode routes: test money (/api/dev/ledger/purchase, advance), the
 * hold's end (/api/dev/payouts/release), Plus (/api/dev/rebate-claims/plus), an aged click
 * (/api/dev/clicks) and the development network's checkout.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import constants from '../../../config/constants.json' with { type: 'json' }
import { test } from '../fixtures'
import { expectNoSeriousAxe, freshEmail, PASSWORD, registerByApi, verifyLink } from '../helpers'
import { signInStaff } from './session'

const STORE = 'coastline-apparel'
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const REVIEW_CENTS = constants.payouts.reviewAboveCents + 100
const dollars = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)

/** A member with a verified e-mail, signed in only through its bearer token (never in the staff's browser). */
async function member(request: APIRequestContext, tag: string) {
  const m = await registerByApi(request, freshEmail(tag), 'Queue Member')
  const token = (await verifyLink(request, m.email)).split('/verify/')[1]?.split('?')[0] ?? ''
  expect((await request.post('/api/verify', { data: { token } })).ok()).toBe(true)
  const headers = { authorization: `Bearer ${m.token}` }
  return { ...m, headers }
}
type Member = Awaited<ReturnType<typeof member>>

const payable = async (request: APIRequestContext, m: Member) =>
  (
    (await (await request.get('/api/account/balances', { headers: m.headers })).json()) as {
      cash: { payable_cents: number }
    }
  ).cash.payable_cents

/** Two payouts above the review threshold, past their hold: both wait for staff. */
async function twoPayoutsInReview(request: APIRequestContext, m: Member) {
  const post = (url: string, data: object) => request.post(url, { data, headers: m.headers })
  expect(
    (await post('/api/dev/ledger/purchase', { email: m.email, amount_cents: 2 * REVIEW_CENTS + 500 })).ok(),
  ).toBe(true)
  for (let i = 0; i < 2; i++)
    expect((await post('/api/dev/ledger/advance', { email: m.email })).ok()).toBe(true)
  const ids: number[] = []
  for (let i = 0; i < 2; i++) {
    const r = await post('/api/account/withdrawals', {
      kind: 'cash',
      method: 'paypal',
      destination: m.email,
      amount: REVIEW_CENTS,
      password: PASSWORD,
      idempotency_key: crypto.randomUUID(),
    })
    expect(r.ok(), await r.text()).toBe(true)
    ids.push(((await r.json()) as { data: { id: number } }).data.id)
  }
  const released = await post('/api/dev/payouts/release', { email: m.email })
  expect(((await released.json()) as { review: number }).review).toBe(2)
  return ids
}

/** A Plus member's shipping rebate claim with a PDF receipt, in review. */
async function claimInReview(request: APIRequestContext, m: Member, cents: number) {
  expect((await request.post('/api/dev/rebate-claims/plus', { data: { email: m.email } })).ok()).toBe(true)
  const order = `SQ-${Date.now()}`
  const r = await request.post('/api/account/rebate-claims', {
    headers: m.headers,
    data: {
      benefit_type: 'shipping',
      order_number: order,
      order_date: day(-2),
      amount_cents: cents,
      receipt: { name: 'receipt.pdf', data: PDF.toString('base64') },
    },
  })
  expect(r.ok(), await r.text()).toBe(true)
  return { id: ((await r.json()) as { data: { id: number } }).data.id, order }
}

/** What the page's status line says once a decision is made. */
const said = (page: Page, text: string | RegExp) =>
  expect(page.getByRole('status').filter({ hasText: text })).toBeVisible()

test('finance approves a held payout, rejects another (the money returns) and approves a rebate claim within its cap', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const m = await member(request, 'queues-finance')
  const [approveId, rejectId] = await twoPayoutsInReview(request, m)
  const before = await payable(request, m)
  const claim = await claimInReview(request, m, 1250)
  await signInStaff(page, 'finance@staff.example')

  await page.goto('/staff/payouts')
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts to review' })).toBeVisible()
  const approve = page.getByRole('article', { name: `Payout ${approveId}: ${dollars(REVIEW_CENTS)}` })
  await expect(approve).toContainText(m.email)
  await expectNoSeriousAxe(page, 'staff payouts')
  await approve.getByRole('button', { name: 'Approve' }).click()
  await said(page, `Payout ${approveId}: ${dollars(REVIEW_CENTS)} approved: it is being sent.`)
  await expect(approve).toHaveCount(0)

  const reject = page.getByRole('article', { name: `Payout ${rejectId}: ${dollars(REVIEW_CENTS)}` })
  // the reason is required: the field says so and nothing is sent
  await reject.getByRole('button', { name: 'Reject' }).click()
  await expect(reject.getByText('Please give a reason.')).toBeVisible()
  await reject.getByLabel('Reason').fill('The PayPal address does not match the member.')
  await reject.getByRole('button', { name: 'Reject' }).click()
  await said(page, /rejected: the money is back in the member's balance/)
  await expect.poll(() => payable(request, m)).toBe(before + REVIEW_CENTS)
  const mine = (await (await request.get('/api/account/withdrawals', { headers: m.headers })).json()) as {
    data: { id: number; status: string; failure_reason: string | null }[]
  }
  expect(mine.data.find((w) => w.id === rejectId)).toMatchObject({
    status: 'rejected',
    failure_reason: 'The PayPal address does not match the member.',
  })
  expect(mine.data.find((w) => w.id === approveId)?.status).not.toBe('review')

  await page.goto('/staff/claims')
  const card = page.getByRole('article', { name: `Claim ${claim.id}: Shipping, order ${claim.order}` })
  await expect(card.getByTestId('receipt')).toBeVisible()
  const amount = card.getByLabel('Amount to approve (dollars)')
  await expect(amount).toHaveValue('12.50')
  await expectNoSeriousAxe(page, 'staff claims')
  // more than the claim asked is refused before it is sent
  await amount.fill('20')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card.getByText('At most $12.50 can be approved.')).toBeVisible()
  await amount.fill('10.00')
  await card.getByRole('button', { name: 'Approve' }).click()
  await said(
    page,
    `Claim ${claim.id}: Shipping, order ${claim.order} approved for $10.00. The member was told.`,
  )
  const claims = (await (await request.get('/api/account/rebate-claims', { headers: m.headers })).json()) as {
    data: { id: number; status: string; approved_cents: number | null }[]
  }
  expect(claims.data.find((c) => c.id === claim.id)).toMatchObject({
    status: 'approved',
    approved_cents: 1000,
  })

  await page.goto('/staff/protection')
  await expect(page.getByRole('heading', { level: 1, name: 'Protection claims' })).toBeVisible()
  await expect(page.getByTestId('skeleton')).toHaveCount(0)
  await expectNoSeriousAxe(page, 'staff protection claims')
})

test('support matches a missing cash-back inquiry to the conversion the network reported without a known click', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const m = await member(request, 'queues-support')
  // the member left for the store days ago through the site...
  expect(
    (
      await request.post('/api/dev/clicks', {
        data: { email: m.email, store: STORE, days_ago: constants.cashback.inquiryMinDaysAfterClick + 3 },
      })
    ).ok(),
  ).toBe(true)
  // ...and the store's network reports an order whose click id it lost (parked)
  const click = await request.post('/api/clicks', { headers: m.headers, data: { store: STORE } })
  expect(click.ok()).toBe(true)
  const redirect = ((await click.json()) as { data: { redirect_url: string } }).data.redirect_url
  const shop = new URL(redirect, 'http://127.0.0.1').pathname
  const placed = await request.post(shop, {
    form: { u1: `lost-${Date.now()}`, amount: '64.00', date: day(-2) },
  })
  expect(placed.ok()).toBe(true)
  const netOrder = (await placed.text()).match(/DEV-[A-Za-z0-9_-]+/)![0]
  // the member reports the purchase with the number the store's e-mail gave
  const order = `MY-${Date.now()}`
  const filed = await request.post('/api/account/cashback-inquiries', {
    headers: m.headers,
    data: { store: STORE, ordered_on: day(-2), order_id: order, amount_cents: 6400 },
  })
  expect(filed.ok(), await filed.text()).toBe(true)

  await signInStaff(page, 'support@staff.example')
  const card = page.getByRole('article', { name: new RegExp(`^Inquiry \\d+: .+, order ${order}$`) })
  const choice = card.getByRole('radio', { name: new RegExp(`Order ${netOrder}, \\$64\\.00`) })
  // the network's report arrives a moment after the order
  await expect(async () => {
    await page.goto('/staff/inquiries')
    await expect(choice).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 30_000 })
  await expect(card.getByText('Visits to the store through us')).toBeVisible()
  await expectNoSeriousAxe(page, 'staff inquiries')
  await choice.check()
  await card.getByRole('button', { name: 'Match', exact: true }).click()
  await said(
    page,
    new RegExp(`order ${order} matched to order ${netOrder}: the cash back is the member's\\.`),
  )
  const mine = (await (
    await request.get('/api/account/cashback-inquiries', { headers: m.headers })
  ).json()) as {
    data: { order_id: string; status: string }[]
  }
  expect(mine.data.find((i) => i.order_id === order)?.status).toBe('matched')
})
