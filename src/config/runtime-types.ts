import type { Brand } from './schemas/brand'
import type { LandersConfig } from './schemas/landers'
import type { Partner } from './schemas/partners'
import type { RedirectEntry } from './schemas/redirects'
import type { RouteEntry } from './schemas/routes'

/** The config one brand's bundle carries, validated and with defaults filled at build time. */
export interface RuntimeConfig {
  brandId: string
  environment: string
  app: { apiBaseUrl: string; cookiePrefix: string; linkedAccountsBaseUrl: string; languages: ('en' | 'es')[] }
  brand: Brand
  partner: Partner | null
  routes: RouteEntry[]
  redirects: RedirectEntry[]
  landers: LandersConfig | null
  plugins: string[]
  /**
   * Paths of routes and landers whose plugin this brand does not ship: not found. The resolver ranks
   * them with the others, so a '/:merchant' does not take '/plus' on a brand without upsell.
   */
  absent?: string[]
}
