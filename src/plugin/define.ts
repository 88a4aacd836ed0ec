import type { Plugin, PluginDefinition } from './types'

const ID = /^[a-z][a-z0-9-]*$/
const SCREEN = /^[A-Z][A-Za-z0-9]*$/
const PART = /^[a-z][a-zA-Z0-9-]*(\.[a-z][a-zA-Z0-9-]*)+$/

/**
 * Declares a plugin: a frozen plain value listing what it contributes.
 *
 * @example
 * export default definePlugin({
 *   name: 'catalog',
 *   requires: ['auth'],
 *   screens: { StoresPage: () => import('./screens/StoresPage') },
 *   model: CatalogStore,
 *   locales: { en: () => import('../../locales/en/catalog.json'), es: () => import('../../locales/es/catalog.json') },
 * })
 */
export function definePlugin<T extends PluginDefinition>(def: T): Readonly<T> {
  if (!ID.test(def.name))
    throw new Error(`Plugin id '${def.name}' must be lower-case letters, digits and dashes.`)
  for (const screen of Object.keys(def.screens ?? {})) {
    if (!SCREEN.test(screen)) throw new Error(`Plugin '${def.name}': screen '${screen}' must be PascalCase.`)
  }
  for (const part of Object.keys(def.parts ?? {})) {
    if (!PART.test(part))
      throw new Error(
        `Plugin '${def.name}': part '${part}' must be named like 'area.name' (lower camel case).`,
      )
  }
  for (const ns of Object.keys(def.namespaces ?? {})) {
    if (!ns.startsWith(`${def.name}-`))
      throw new Error(`Plugin '${def.name}': namespace '${ns}' must start with '${def.name}-'.`)
  }
  return Object.freeze({ ...def })
}

export type { Plugin }
