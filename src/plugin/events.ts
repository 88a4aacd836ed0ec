import type { AppEvents, EventBus } from './types'

/** A tiny typed event bus; a listener that throws does not stop the others. */
export function createEventBus(onError: (e: unknown) => void = () => {}): EventBus {
  const listeners = new Map<keyof AppEvents, Set<(p: never) => void>>()
  return {
    on(name, fn) {
      const set = listeners.get(name) ?? new Set()
      set.add(fn as (p: never) => void)
      listeners.set(name, set)
      return () => set.delete(fn as (p: never) => void)
    },
    emit(name, payload) {
      for (const fn of listeners.get(name) ?? []) {
        try {
          ;(fn as (p: typeof payload) => void)(payload)
        } catch (e) {
          onError(e)
        }
      }
    },
  }
}
