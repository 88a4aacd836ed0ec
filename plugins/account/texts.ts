import { useTranslation } from '@core'

/**
 * The texts of an account screen other than the purchase history: its own part, 'account-pages' (the
 * member pages, withdrawals, gift cards, rebates, referrals, missing cash back), besides the account's.
 * A member's first screen, the purchase history, loads only 'account' (issue 30); the other screens name
 * 'account-pages' in the plugin's `screenTexts`, so it is there at their first render (a part shown by
 * another plugin waits for it). A key is looked up in 'account', then in 'account-pages'.
 */
export function useAccountPages() {
  return useTranslation(['account', 'account-pages'], { nsMode: 'fallback' })
}
