import { reaction } from 'mobx'
import { type ComponentType, lazy, Suspense, useCallback, useContext, useSyncExternalStore } from 'react'
import { getI18n, I18nContext } from 'react-i18next'
import { usePaintStatus } from '../first-paint/data'
import type { SlotEntry } from '../plugin/registry'
import { type Session, signedOutSession } from '../plugin/session'
import type { ComponentLoader, SlotName } from '../plugin/types'
import { useApp } from '../state/context'

/**
 * Slots that draw the session (the visitor's sign-in buttons or the member's balance): the server's
 * paint of a request with a login cookie leaves them empty, since the session is known only once the
 * app has started; a member never sees a visitor's header.
 */
const SESSION_SLOTS: readonly SlotName[] = ['header.actions']

/** Loads namespaces of texts (i18next's loadNamespaces). */
type LoadTexts = (namespaces: readonly string[]) => Promise<unknown>

const loaded = new WeakMap<ComponentLoader, ComponentType>()
const lazies = new WeakMap<ComponentLoader, ComponentType>()
function componentOf(entry: SlotEntry, loadTexts: LoadTexts): ComponentType {
  const done = loaded.get(entry.load)
  if (done) return done
  let c = lazies.get(entry.load)
  if (!c) {
    // a member's component comes with its texts (not preloaded with the layout's): both at once
    c =
      entry.audience === 'member' && entry.texts.length
        ? lazy(async () => (await Promise.all([entry.load(), loadTexts(entry.texts)]))[0])
        : lazy(entry.load)
    lazies.set(entry.load, c)
  }
  return c
}

/**
 * Loads slot components before the first render (src/boot.ts), so a layout draws them in its first
 * frame instead of growing when each arrives; with `loadTexts`, the texts they name too. A slot not
 * preloaded is loaded on demand.
 */
export async function preloadSlots(entries: readonly SlotEntry[], loadTexts?: LoadTexts): Promise<void> {
  const texts = [...new Set(entries.flatMap((e) => e.texts))]
  await Promise.all([
    ...entries.map(async (e) => loaded.set(e.load, (await e.load()).default)),
    loadTexts && texts.length ? loadTexts(texts) : undefined,
  ])
}

/** Whether a member is signed in, following the session view (MobX-observable in the app). */
function useSignedIn(session: Session): boolean {
  const subscribe = useCallback(
    (changed: () => void) => reaction(() => session.authenticated, changed),
    [session],
  )
  return useSyncExternalStore(
    subscribe,
    () => session.authenticated,
    () => false,
  )
}

/**
 * Renders what the enabled plugins put into a named place of the layout. A component for members
 * (`audience: 'member'`) is drawn only while one is signed in, and never in the server's paint (which
 * does not know the session): a visitor loads neither its code nor its texts.
 */
export function Slot({ name }: { name: SlotName }) {
  const { registry, services } = useApp()
  const paint = usePaintStatus()
  const i18n = useContext(I18nContext)?.i18n ?? getI18n()
  const signedIn = useSignedIn(services.session ?? signedOutSession)
  const all = paint?.member && SESSION_SLOTS.includes(name) ? [] : (registry.slots.get(name) ?? [])
  return (
    <>
      {all.map((e, i) => {
        if (e.audience === 'member' && (paint || !signedIn)) return null
        const C = componentOf(e, (ns) => i18n.loadNamespaces([...ns]))
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
