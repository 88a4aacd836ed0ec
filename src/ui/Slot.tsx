import { type ComponentType, lazy, Suspense } from 'react'
import type { ComponentLoader, SlotName } from '../plugin/types'
import { useApp } from '../state/context'

const cache = new WeakMap<ComponentLoader, ComponentType>()
function lazyOnce(loader: ComponentLoader): ComponentType {
  let c = cache.get(loader)
  if (!c) {
    c = lazy(loader)
    cache.set(loader, c)
  }
  return c
}

/** Renders what the enabled plugins put into a named place of the layout. */
export function Slot({ name }: { name: SlotName }) {
  const { registry } = useApp()
  const loaders = registry.slots.get(name) ?? []
  return (
    <>
      {loaders.map((loader, i) => {
        const C = lazyOnce(loader)
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
