import type { Db } from '../../db/index.ts'
import { decideClaim, exchangeCode, revokeToken, snapshotOf } from './dev-provider-store.ts'
import type { ProviderAdapter } from './providers.ts'

export const DEV_CLIENT_ID = 'rewards-dev'

/**
 * The adapter of the development provider (server/dev-provider.ts), which stands in for every
 * provider. The browser goes through its pages over HTTP; the server's own calls (exchange, snapshot,
 * claims) reach it in-process.
 */
export function devAdapter(db: Db): ProviderAdapter {
  return {
    test: true,
    describe: () =>
      'the development provider (/dev-provider) for every provider; no real account is read; its refunds are test money (never paid out)',
    serves: () => true,
    authorizeUrl(state, redirectUri, provider) {
      const q = new URLSearchParams({ client_id: DEV_CLIENT_ID, redirect_uri: redirectUri, state, provider })
      return `/dev-provider/oauth/authorize?${q}`
    },
    exchange: (code, redirectUri) => exchangeCode(db, code, redirectUri),
    snapshot: (token) => snapshotOf(db, token),
    decide: (token, claim) => decideClaim(db, token, claim),
    revoke: (token) => revokeToken(db, token),
    manageUrl: (accountId) => `/dev-provider/accounts/${encodeURIComponent(accountId)}`,
  }
}
