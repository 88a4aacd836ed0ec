import type { BrandCheck } from '../context'
import { brandPlugins } from './brand-plugins'
import { brandSettings } from './brand-settings'
import { destinations } from './destinations'
import { landerPlans } from './lander-plans'
import { publicFiles } from './public-files'
import { redirectParams } from './redirect-params'
import { routeLinks } from './route-links'
import { screensAndGuards } from './screens-and-guards'
import { uniquePaths } from './unique-paths'

/** The checks that span files, one per concern, run in this order for each brand (config:check, the build). */
export const brandChecks: readonly BrandCheck[] = [
  brandPlugins,
  screensAndGuards,
  uniquePaths,
  publicFiles,
  landerPlans,
  redirectParams,
  destinations,
  routeLinks,
  brandSettings,
]
