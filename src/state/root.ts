import { type IAnyModelType, type Instance, type ModelPropertiesDeclaration, types } from 'mobx-state-tree'
import type { Plugin, Services } from '../plugin/types'

/**
 * Store slices by plugin id. A plugin adds its own with module augmentation of the public module:
 * `declare module '@core' { interface StoreRegistry { auth: Instance<typeof AuthStore> } }`
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by plugins through declaration merging
export interface StoreRegistry {}

/** The root model: one optional sub-model per enabled plugin that has one, keyed by plugin id. */
export function buildRootModel(plugins: readonly Plugin[]): IAnyModelType {
  const props: ModelPropertiesDeclaration = {}
  for (const p of plugins) if (p.model) props[p.name] = types.optional(p.model, {})
  return types.model('Root', props)
}

export type RootStore = Instance<IAnyModelType>

export function createRootStore(plugins: readonly Plugin[], services: Services): RootStore {
  return buildRootModel(plugins).create({}, services)
}

/** A plugin's slice, typed from the registry; a slice of a plugin this brand disabled throws. */
export function getSlice<K extends keyof StoreRegistry>(root: RootStore, id: K): StoreRegistry[K] {
  const slice = (root as Record<string, unknown>)[id as string]
  if (slice === undefined)
    throw new Error(
      `The store '${String(id)}' is not available: plugin '${String(id)}' is not enabled for this brand.`,
    )
  return slice as StoreRegistry[K]
}
