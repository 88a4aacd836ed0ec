import { createContext, type ReactNode, useContext } from 'react'
import type { Registry } from '../plugin/registry'
import type { Session } from '../plugin/session'
import type { Services } from '../plugin/types'
import { getSlice, type RootStore, type StoreRegistry } from './root'

export interface AppContextValue {
  store: RootStore
  services: Services
  registry: Registry
}

const AppContext = createContext<AppContextValue | null>(null)

export function AppProvider({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>
}

export function useApp(): AppContextValue {
  const v = useContext(AppContext)
  if (!v) throw new Error('useApp() outside <AppProvider>')
  return v
}

/** A plugin's store slice, typed by the StoreRegistry. */
export function useStore<K extends keyof StoreRegistry>(id: K): StoreRegistry[K] {
  return getSlice(useApp().store, id)
}

export function useServices(): Services {
  return useApp().services
}

/**
 * The session view (src/plugin/session.ts): the signed-in member as any plugin may read it. Read it in
 * an observer component to re-render when the member signs in or out.
 */
export function useSession(): Session {
  return useApp().services.session
}
