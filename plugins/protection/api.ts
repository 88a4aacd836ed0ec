import type { Services } from '../../src/index'
import type { LinkedAccountsReply } from './contract'

/**
 * SPEC 7: GET {linked accounts api}/accounts "with credentials". The base comes from the environment's
 * config (config/app.json linkedAccountsBaseUrl, default the API server's /api/linked); a path is on
 * the API host, a full address is a service of its own, which gets the login cookie as well.
 */
export function linkedAccountsUrl(config: Pick<Services['config'], 'app'>): string {
  return `${config.app.linkedAccountsBaseUrl.replace(/\/+$/, '')}/accounts`
}

export const protectionApi = ({ http, config }: Pick<Services, 'http' | 'config'>) => ({
  linkedAccounts: () => http.get<LinkedAccountsReply>(linkedAccountsUrl(config), { withCredentials: true }),
})
