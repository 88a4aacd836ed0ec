import { constants } from '../config/constants'
import type { RuntimeConfig } from '../config/runtime-types'

/** The brand's theme as design-token values (custom properties), so a partner restyles without code. */
export function themeTokens(config: RuntimeConfig): [string, string][] {
  const t = config.brand.theme
  return [
    ['--c-primary', t.primary],
    ['--c-primary-text', t.primaryText],
    ['--c-accent', t.accent],
    ['--c-bg', t.background],
    ['--c-text', t.text],
    ['--radius', t.radius],
    ['--scroll-offset', `${constants.hashScrollOffsetPx}px`],
  ]
}

/** The same tokens as a :root rule, for pages drawn before any script runs (src/first-paint). */
export function themeCss(config: RuntimeConfig): string {
  const safe = (v: string) => v.replace(/[;{}<>\\]/g, '')
  return `:root{${themeTokens(config)
    .map(([k, v]) => `${k}:${safe(v)}`)
    .join(';')}}`
}
