import type { Services } from '@core'
import {
  AuthorizeReply,
  ClaimReply,
  type ClaimRequest,
  LinkedAccountsReply,
  OverviewReply,
  ParcelsReply,
  ProvidersReply,
  SyncReply,
  type WatchKind,
} from './contract'

/**
 * The linked-accounts service's base from the environment's config (config/app.json
 * linkedAccountsBaseUrl, default the API server's /api/linked): a path is on the API host, a full
 * address is a service of its own, which gets the login cookie as well.
 */
function linkedBase(config: Pick<Services['config'], 'app'>): string {
  return config.app.linkedAccountsBaseUrl.replace(/\/+$/, '')
}

/** SPEC 7: GET {linked accounts api}/accounts "with credentials". */
export function linkedAccountsUrl(config: Pick<Services['config'], 'app'>): string {
  return `${linkedBase(config)}/accounts`
}

/** A reply that does not match the contract fails the call like a broken server would. */
function check<T>(schema: { parse: (v: unknown) => T }) {
  return (value: unknown): T => schema.parse(value)
}

const credentials = { withCredentials: true } as const

/**
 * The protection plugin's calls, through the core HTTP client: the linked-accounts service ({base},
 * with credentials) and the protection API of the server (overview, parcels, claims).
 */
export const protectionApi = ({ http, config }: Pick<Services, 'http' | 'config'>) => {
  const base = linkedBase(config)
  return {
    /** The member's linked accounts (SPEC 7). */
    linkedAccounts: () =>
      http.get<unknown>(linkedAccountsUrl(config), credentials).then(check(LinkedAccountsReply)),
    /** The providers a member can link, with whether linking each is on. */
    providers: () => http.get<unknown>(`${base}/providers`, credentials).then(check(ProvidersReply)),
    /** Starts linking: the address of the provider's consent page (the browser goes there). */
    authorize: (provider: string) =>
      http.post<unknown>(`${base}/accounts/authorize`, { provider }, credentials).then(check(AuthorizeReply)),
    /** Unlinks one account of the member. */
    unlink: (id: number) =>
      http.delete<unknown>(`${base}/accounts/${encodeURIComponent(String(id))}`, credentials).then(() => {}),
    /** Reads the member's linked accounts now and runs the watcher for them. */
    sync: () => http.post<unknown>(`${base}/sync`, {}, credentials).then(check(SyncReply)),
    /** One watch page's orders, claims and figures. */
    overview: (kind: WatchKind) =>
      http.get<unknown>('/api/protection/overview', { params: { kind } }).then(check(OverviewReply)),
    /** The parcels of the member's purchases, with their scans and package claims. */
    parcels: () => http.get<unknown>('/api/protection/parcels').then(check(ParcelsReply)),
    /** Files a claim about an order (a late delivery, a missing parcel). 404 order_not_found, 409 claim_exists. */
    fileClaim: (body: ClaimRequest) =>
      http.post<unknown>('/api/protection/claims', body).then(check(ClaimReply)),
  }
}
export type ProtectionApi = ReturnType<typeof protectionApi>
