import type { BrowserContext, Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }

/** Signs the browser in the way a restored session looks (SPEC 4: cookie token matches the stored user). */
export async function signIn(context: BrowserContext, baseURL: string, user: Record<string, unknown> = {}) {
  const token = 'e2e.token.value'
  await context.addCookies([{ name: constants.loginCookieName, value: token, url: baseURL }])
  await context.addInitScript(
    ({ key, value }) => {
      window.localStorage.setItem(key, value)
    },
    {
      key: constants.storageKeys.user,
      value: JSON.stringify({ user_id: 1, email: 'e2e@example.com', login_token: token, ...user }),
    },
  )
}

export function pathOf(page: Page): string {
  const u = new URL(page.url())
  return u.pathname + u.search
}
