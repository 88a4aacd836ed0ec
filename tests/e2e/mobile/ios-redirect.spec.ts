/**
 * SPEC 2.4: on iOS, after copying a code, /m-redirect/offer/{id}#redirect opens (also for offers that
 * need no code). The iOS flow, so only the iPhone project runs this file (playwright.config.ts).
 */
import { expect } from '@playwright/test'
import { test } from '../fixtures'

test.describe('/m-redirect/offer/{id}#redirect', () => {
  test.beforeEach(async ({ context }) => {
    await context.route('https://www.example.com/**', (r) =>
      r.fulfill({ body: '<title>Merchant</title><h1>Merchant site</h1>', contentType: 'text/html' }),
    )
  })

  test('opens the offer on the phone, for an offer without a code and one with a code', async ({
    page,
    request,
  }) => {
    const list = async (type: string) =>
      (
        (await (await request.get(`/api/offers?type=${type}&per_page=50`)).json()) as {
          data: { offer_id: number; offer_code: string | null; redirect_url: string }[]
        }
      ).data
    const noCode = (await list('CASHBACK')).find((o) => !o.offer_code)
    const withCode = [...(await list('coupon')), ...(await list('CASHBACK'))].find((o) => o.offer_code)
    for (const offer of [noCode, withCode]) {
      expect(offer, 'a seeded offer').toBeTruthy()
      await page.goto(`/m-redirect/offer/${offer!.offer_id}#redirect`)
      await page.waitForURL((u) => u.hostname === 'www.example.com')
    }
  })
})
