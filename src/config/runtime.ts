import { config as generated } from '@brand'
import type { RuntimeConfig } from './runtime-types'

export type { RuntimeConfig }

/** The brand's config, validated at build time (see src/config/check.ts). */
export const runtimeConfig: RuntimeConfig = generated
