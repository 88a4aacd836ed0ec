import { test as base, type Page } from '@playwright/test'

/**
 * The specs' `test`: as Playwright's, except that `page.goto` and `page.reload` return once the app
 * has taken over a page the server sent drawn (src/first-paint: home, the store lists, store pages,
 * landers). Until then the page is static HTML: its links work, its buttons do nothing yet, and a
 * spec that clicked one would wait for what never comes.
 */
/** Waits until the app has taken over the page the server drew (for pages a spec opens itself). */
export async function tookOver(page: Page) {
  if (!(await page.locator('#first-paint').count())) return
  await page
    .waitForFunction(() => !document.getElementById('first-paint'), undefined, { timeout: 20_000 })
    .catch(() => {
      // the app did not start: the spec's own checks say what is missing
    })
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    // without scripts nothing takes over: the spec looks at the drawn page itself
    if (javaScriptEnabled === false) return use(page)
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (url, options) => {
      const res = await goto(url, options)
      await tookOver(page)
      return res
    }
    page.reload = async (options) => {
      const res = await reload(options)
      await tookOver(page)
      return res
    }
    await use(page)
  },
})
