import { useApp } from '../../../src/index'
import type { AuthLike } from '../blocks/types'

/** The auth plugin's store slice (this plugin requires auth), typed by what the upsell screens use. */
export function useAuth(): AuthLike | undefined {
  return (useApp().store as Record<string, unknown>).auth as AuthLike | undefined
}
