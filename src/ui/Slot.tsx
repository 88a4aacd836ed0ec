import { type ComponentType, lazy, Suspense } from 'react'
import { usePaintStatus } from '../first-paint/data'
import type { SlotEntry } from '../plugin/registry'
import type { ComponentLoader, SlotName } from '../plugin/types'
import { useApp } from '../state/context'

/**
 * Slots that draw the session (the visitor's sign-in buttons or the member's balance): the server's
 * paint of a request with a login cookie leaves them empty, since the session is known only once the
 * app has started; a member never sees a visitor's header.
 */
const SESSION_SLOTS: readonly SlotName[] = ['header.actions']

const loaded = new WeakMap<ComponentLoader, ComponentType>()
const lazies = new WeakMap<ComponentLoader, ComponentType>()
function componentOf(loader: ComponentLoader): ComponentType {
  const done = loaded.get(loader)
  if (done) return done
  let c = lazies.get(loader)
  if (!c) {
    c = lazy(loader)
    lazies.set(loader, c)
  }
  return c
}

/**
 * Loads slot components before the first render (src/boot.ts), so a layout draws them in its first
 * frame instead of growing when each arrives. A slot not preloaded is loaded on demand.
 */
export async function preloadSlots(entries: readonly SlotEntry[]): Promise<void> {
  await Promise.all(entries.map(async (e) => loaded.set(e.load, (await e.load()).default)))
}

/** Renders what the enabled plugins put into a named place of the layout. */
export function Slot({ name }: { name: SlotName }) {
  const { registry } = useApp()
  const paint = usePaintStatus()
  const entries = paint?.member && SESSION_SLOTS.includes(name) ? [] : (registry.slots.get(name) ?? [])
  return (
    <>
      {entries.map((e, i) => {
        const C = componentOf(e.load)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the life of the app
          <Suspense key={i} fallback={null}>
            <C />
          </Suspense>
        )
      })}
    </>
  )
}
