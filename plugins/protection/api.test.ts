import { config } from '@brand'
import type { HttpClient, Services } from '@core'
import { describe, expect, it, vi } from 'vitest'
import { linkedAccountsUrl, protectionApi } from './api'

function fakeHttp() {
  const get = vi.fn(async () => ({ data: [] }))
  return { http: { get } as unknown as HttpClient, get }
}

describe('linked accounts client (SPEC 7)', () => {
  it('calls {base}/accounts of the built config, with credentials, on the path the API server serves', async () => {
    const { http, get } = fakeHttp()
    expect(await protectionApi({ http, config }).linkedAccounts()).toEqual({ data: [] })
    expect(get).toHaveBeenCalledWith(`${config.app.linkedAccountsBaseUrl}/accounts`, {
      withCredentials: true,
    })
    // the base of the built config is the API server's (server/routes/protection.ts; its test asks it for JSON)
    expect(get).toHaveBeenCalledWith('/api/linked/accounts', { withCredentials: true })
  })
  it('an environment with a service of its own: its full address, one slash before accounts', () => {
    const app = { ...config.app, linkedAccountsBaseUrl: 'https://linked.example.com/v2/' }
    expect(linkedAccountsUrl({ app } as Pick<Services['config'], 'app'>)).toBe(
      'https://linked.example.com/v2/accounts',
    )
  })
})
