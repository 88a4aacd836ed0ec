import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { useTranslation } from '../i18n/use-translation'
import type { PartEntry } from '../plugin/registry'
import { useApp } from '../state/context'

type AnyProps = Record<string, unknown>
type LoadTexts = (ns: string) => Promise<unknown>

const lazies = new WeakMap<PartEntry, ComponentType<AnyProps>>()
function componentOf(entry: PartEntry, loadTexts: LoadTexts): ComponentType<AnyProps> {
  let c = lazies.get(entry)
  if (!c) {
    // the component and its plugin's texts together, as a route loads a screen (routing/build.tsx)
    c = lazy(async () => (await Promise.all([entry.load(), loadTexts(entry.plugin)]))[0])
    lazies.set(entry, c)
  }
  return c
}

/**
 * Shows a part another plugin registered under `name` (definePlugin `parts`), with the given props,
 * lazily loaded with that plugin's texts; `loading` meanwhile (default: nothing). When no enabled
 * plugin gives the part (e.g. a brand without coins), draws `fallback` (default: nothing).
 *
 * @example <Part name="account.rebates" fallback={<p>{t('noRebates')}</p>} base="/mobile/rebates" />
 */
export function Part({
  name,
  fallback = null,
  loading = null,
  ...props
}: {
  name: string
  fallback?: ReactNode
  loading?: ReactNode
  [prop: string]: unknown
}) {
  const { registry } = useApp()
  const { i18n } = useTranslation()
  const entry = registry.parts.get(name)
  if (!entry) return <>{fallback}</>
  const C = componentOf(entry, (ns) => i18n.loadNamespaces(ns))
  return (
    <Suspense fallback={loading}>
      <C {...props} />
    </Suspense>
  )
}

/** Whether an enabled plugin gives the part `name` (e.g. to leave out a shortcut to it). */
export function useHasPart(name: string): boolean {
  return useApp().registry.parts.has(name)
}
