import { config } from '@brand'
import { describe, expect, it } from 'vitest'
import { findUrlCredential } from './entry'
import { readPendingLink, savePendingLink, socialFailureKey } from './social'

// Issue 31 · OpenID Connect: what comes back to /auth/{provider}/callback, and why a sign-in failed.
describe('the OpenID Connect callback', () => {
  it.each([
    [
      'code, state and iss (RFC 9207)',
      '/auth/google/callback',
      '?code=c1&state=s1&iss=https%3A%2F%2Faccounts.google.com',
      { provider: 'google', code: 'c1', state: 's1', iss: 'https://accounts.google.com' },
    ],
    [
      'a cancelled sign-in (?error)',
      '/auth/apple/callback',
      '?error=access_denied&state=s',
      { provider: 'apple', code: '', state: 's', error: 'access_denied' },
    ],
  ])("takes the provider's %s off the address bar", (_what, pathname, search, found) => {
    expect(findUrlCredential(config, { pathname, search })).toEqual({
      kind: 'social',
      ...found,
      cleanUrl: pathname,
    })
  })
  it.each([
    ['access_denied', 'social.cancelled'],
    ['social_state_invalid', 'social.stateInvalid'],
    ['social_provider_unavailable', 'social.unavailable'],
    ['temporarily_unavailable', 'social.unavailable'],
    ['social_refused', 'social.refused'],
    [undefined, 'notice.socialFailed'],
  ])('says why: %s is %s', (reason, key) => {
    expect(socialFailureKey(reason)).toBe(key)
  })
  it('keeps a link waiting for the password in this tab only, until it is cleared', () => {
    const link = { provider: 'google', label: 'Google', email: 'a@example.com', linkToken: 't' }
    savePendingLink(link)
    expect(readPendingLink()).toEqual(link)
    savePendingLink(null)
    expect(readPendingLink()).toBeNull()
  })
})
