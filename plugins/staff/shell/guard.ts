import type { GuardContext, GuardResult } from '@core'

/** Placeholder until the shell lands (helper 1): lets the navigation through. */
export async function staffGuard(_ctx: GuardContext): Promise<GuardResult> {
  return undefined
}
