import { expect } from '@playwright/test'
import constants from '../../../config/constants.json' with { type: 'json' }
import { test } from '../fixtures'
import { expectNoSeriousAxe, freshEmail, registerByApi } from '../helpers'
import { signInStaff } from './session'

/**
 * Issue 28, member lookup and four eyes: finance2 looks a member up and books an adjustment above
 * constants.staff.adjustmentApprovalAboveCents, which waits; finance2 cannot approve it; finance3, in a
 * second browser context, approves it and the member's balance shows it. (finance2@ and finance3@ are
 * this spec's alone: a TOTP code signs in once.)
 */
const LIMIT = constants.staff.adjustmentApprovalAboveCents
const cents = LIMIT + 2500
const dollars = (c: number) => `$${(c / 100).toFixed(2)}`

test('an adjustment above the threshold waits for a second staff member, who approves it', async ({
  page,
  browser,
  request,
}) => {
  const member = await registerByApi(request, freshEmail('adjusted'), 'Adjusted Member')

  await signInStaff(page, 'finance2@staff.example')
  await page.goto('/staff/members')
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
  await page.getByLabel('E-mail or member id').fill(member.email)
  await page.getByRole('button', { name: 'Look up' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 member found.' })).toBeVisible()
  await expectNoSeriousAxe(page, 'member lookup')
  await page.getByRole('link', { name: member.email }).click()

  await expect(page.getByRole('heading', { level: 1, name: `Member ${member.email}` })).toBeVisible()
  await expect(page.getByTestId('cash-payable')).toHaveText('$0.00')
  await page.getByLabel('Amount in dollars').fill((cents / 100).toFixed(2))
  await page.getByLabel('Reason', { exact: true }).fill('Goodwill for a lost order')
  await page.getByRole('button', { name: 'Book the adjustment' }).click()
  await expect(page.getByTestId('adjust-status')).toHaveText(
    "The adjustment waits for a second staff member's approval.",
  )
  const mine = page.getByTestId('member-adjustments').getByRole('row').filter({ hasText: 'Goodwill' })
  await expect(mine).toContainText('Waiting for approval')
  await expect(page.getByTestId('cash-payable')).toHaveText('$0.00')
  await expectNoSeriousAxe(page, 'member page')

  // the requester sees it waiting, with no way to approve their own
  await page.goto('/staff/adjustments')
  const row = page.getByTestId('pending-adjustments').getByRole('row').filter({ hasText: member.email })
  await expect(row).toContainText(dollars(cents))
  await expect(row).toContainText('Your request: another staff member decides.')
  await expect(row.getByRole('button', { name: /Approve/ })).toHaveCount(0)
  const id = Number(await row.getAttribute('data-adjustment'))
  const own = await page.request.post(`/api/staff/adjustments/${id}/approve`)
  expect(own.status()).toBe(403)
  expect(((await own.json()) as { code: string }).code).toBe('adjustment_own_request')
  await expectNoSeriousAxe(page, 'adjustments to approve')

  // a second staff member, in a browser of their own, approves it
  const second = await browser.newContext()
  try {
    const page2 = await second.newPage()
    await signInStaff(page2, 'finance3@staff.example')
    await page2.goto('/staff/adjustments')
    await page2.getByRole('button', { name: `Approve adjustment ${id} for ${member.email}` }).click()
    await expect(page2.getByTestId('queue-status')).toHaveText(`Approved and booked for ${member.email}.`)
    await expect(
      page2.getByTestId('pending-adjustments').getByRole('row').filter({ hasText: member.email }),
    ).toHaveCount(0)

    await page2.goto(`/staff/members/${member.user.user_id}`)
    await expect(page2.getByTestId('cash-payable')).toHaveText(dollars(cents))
    await expect(page2.getByTestId('member-ledger')).toContainText(`adjustment:${id}`)
  } finally {
    await second.close()
  }

  // the member's own balance has it
  const balances = await request.get('/api/account/balances', {
    headers: { authorization: `Bearer ${member.token}` },
  })
  expect(((await balances.json()) as { cash: { payable_cents: number } }).cash.payable_cents).toBe(cents)
})
