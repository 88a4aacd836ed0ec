/**
 * The app's `useTranslation` (issue 30): react-i18next's hook with the same signature and answers, at a
 * fraction of its cost per mount and per text.
 *
 * Measured on the server's render of a store page, i18next was about 45% of React's work, almost all of
 * it in react-i18next's hook and i18next's `getFixedT`:
 * - each mount copied every own property of the i18n instance into a new wrapper object, made a `t`
 *   with `getFixedT`, and ran eleven hooks (memos, refs, callbacks, a store subscription through a shim);
 * - each `t()` of a `getFixedT` function spread all of i18next's options into a new object.
 *
 * Here one `t` is made per instance, language and namespaces, and shared by every component that asks
 * for it; a `t()` passes i18next two fields. A component mounts with two hooks (the context and the
 * language) plus one state and one effect, which load a namespace for `useSuspense: false` only.
 *
 * What it keeps of react-i18next: the instance from `I18nextProvider` (the server renders each language
 * with its own), else the global one; Suspense until a namespace is loaded (`useSuspense`, default
 * from the instance's `react` options), or `ready: false` and a load; `nsMode: 'fallback'`; `keyPrefix`;
 * a new render and a new `t` when the language changes. It does not return a wrapper of the instance:
 * `i18n` is the instance itself (no component keys a memo on its identity; they read `i18n.language`).
 */
import type { i18n as I18n } from 'i18next'
import { useContext, useEffect, useState, useSyncExternalStore } from 'react'
import { getI18n, I18nContext, type useTranslation as reactUseTranslation } from 'react-i18next'

type Options = { useSuspense?: boolean; nsMode?: 'default' | 'fallback'; keyPrefix?: string; lng?: string }
type TOptions = Record<string, unknown>
type Fixed = (key: string | string[], opts?: unknown, ...rest: unknown[]) => unknown

interface PerInstance {
  /** One `t` per language, namespaces and key prefix. */
  ts: Map<string, Fixed>
  /** "language|namespace" once loaded: a loaded namespace stays loaded. */
  loaded: Set<string>
  /** The pending load per "language|namespaces", thrown to Suspense while it runs. */
  loading: Map<string, Promise<void>>
  /** The hook's answer per `t` and readiness: the same array for every component that asks alike. */
  results: Map<string, Result>
  subscribe: (onChange: () => void) => () => void
  /** Changes whenever the instance's texts change: the plain texts kept by each `t` are then dropped. */
  textsVersion: number
  /** The resource store whose changes `textsVersion` follows (made by i18next's init). */
  watched?: unknown
}

type Result = [Fixed, I18n, boolean] & { t: Fixed; i18n: I18n; ready: boolean }

const instances = new WeakMap<I18n, PerInstance>()

function perInstance(i18n: I18n): PerInstance {
  let p = instances.get(i18n)
  if (!p) {
    p = {
      ts: new Map(),
      loaded: new Set(),
      loading: new Map(),
      results: new Map(),
      textsVersion: 0,
      subscribe: (onChange) => {
        i18n.on('languageChanged', onChange)
        return () => i18n.off('languageChanged', onChange)
      },
    }
    instances.set(i18n, p)
  }
  const store = i18n.store as { on?: (event: string, fn: () => void) => void } | undefined
  if (store?.on && p.watched !== store) {
    const q = p
    const changed = () => {
      q.textsVersion++
    }
    store.on('added', changed)
    store.on('removed', changed)
    i18n.on('loaded', changed)
    q.watched = store
    q.textsVersion++
  }
  return p
}

/**
 * i18next's `getFixedT` without its per-call spread of every option, and with a memory of the plain
 * texts: `t(key)` without options answers from a map once the text was found in the language asked
 * for. The map is emptied when the instance's texts change (a namespace loaded or added). A text that
 * fell back to another language is never kept, so each call reaches i18next again and the missing
 * Spanish text is still reported (./index.ts).
 */
function fixedT(
  i18n: I18n,
  p: PerInstance,
  lng: string,
  ns: string | readonly string[],
  keyPrefix?: string,
): Fixed {
  const sep = typeof i18n.options.keySeparator === 'string' ? i18n.options.keySeparator : '.'
  const prefixed = (key: string | string[]) =>
    !keyPrefix
      ? key
      : Array.isArray(key)
        ? key.map((k) => `${keyPrefix}${sep}${k}`)
        : `${keyPrefix}${sep}${key}`
  const translate = i18n.t.bind(i18n) as (key: string | string[], opts: TOptions) => unknown
  const kept = new Map<string, unknown>()
  let keptAt = p.textsVersion
  const fixed: Fixed = (key, opts, ...rest) => {
    let o: TOptions
    if (opts == null) {
      if (typeof key === 'string') {
        if (keptAt !== p.textsVersion) {
          kept.clear()
          keptAt = p.textsVersion
        }
        const hit = kept.get(key)
        if (hit !== undefined) return hit
        const found = translate(prefixed(key), { lng, ns, returnDetails: true }) as
          | { res: unknown; usedLng?: string }
          | string
        if (typeof found !== 'object' || found === null) return found
        if (found.usedLng === lng && typeof found.res === 'string') kept.set(key, found.res)
        return found.res
      }
      o = { lng, ns }
    } else if (typeof opts === 'object') {
      const given = opts as TOptions
      o = { ...given, lng: given.lng || lng, ns: given.ns || ns }
    } else {
      // t(key, 'default value') and the like: i18next's own reading of the extra arguments
      const handler = i18n.options.overloadTranslationOptionHandler as unknown as
        | ((args: unknown[]) => TOptions)
        | undefined
      o = { ...(handler ? handler([key, opts, ...rest]) : {}) }
      o.lng = o.lng || lng
      o.ns = o.ns || ns
    }
    return translate(prefixed(key), o)
  }
  // as getFixedT's: react-i18next's <Trans t={t}> reads the namespace from t.ns (else it asks the
  // default namespace)
  return Object.assign(fixed, { lng, ns, keyPrefix })
}

function isLoaded(i18n: I18n, p: PerInstance, lng: string, namespaces: readonly string[]): boolean {
  if (!(i18n.isInitialized || (i18n as { initializedStoreOnce?: boolean }).initializedStoreOnce)) return false
  if (!i18n.languages?.length) return true // as react-i18next: nothing to wait for
  for (const ns of namespaces) {
    const key = `${lng}|${ns}`
    if (p.loaded.has(key)) continue
    if (!i18n.hasLoadedNamespace(ns, { lng })) return false
    p.loaded.add(key)
  }
  return true
}

function load(
  i18n: I18n,
  p: PerInstance,
  lng: string,
  namespaces: readonly string[],
  fixedLng: boolean,
): Promise<void> {
  const key = `${lng}|${namespaces.join(',')}`
  let pending = p.loading.get(key)
  if (!pending) {
    const run = fixedLng ? i18n.loadLanguages(lng) : Promise.resolve()
    pending = run
      .then(() => i18n.loadNamespaces([...namespaces]))
      .then(
        () => void p.loading.delete(key),
        () => void p.loading.delete(key),
      )
    p.loading.set(key, pending)
  }
  return pending
}

const languageOf = (i18n: I18n) => i18n.language

/** react-i18next's answer without any instance (no provider, none initialised): the key or default. */
function notReadyT(key: unknown, fallback?: unknown): unknown {
  if (typeof fallback === 'string') return fallback
  const given = fallback as { defaultValue?: unknown } | undefined
  if (given && typeof given === 'object' && typeof given.defaultValue === 'string') return given.defaultValue
  if (Array.isArray(key)) return key[key.length - 1]
  return key
}
const NO_INSTANCE = Object.assign([notReadyT, {}, false], { t: notReadyT, i18n: {}, ready: false })
const noSubscribe = () => () => {}
const noLanguage = () => ''

function useTranslationImpl(ns?: string | readonly string[], options: Options = {}) {
  const fromContext = useContext(I18nContext)?.i18n
  const i18n = (fromContext ?? getI18n()) as I18n | undefined
  const p = i18n ? perInstance(i18n) : undefined
  const language = i18n ? () => languageOf(i18n) : noLanguage
  const current = useSyncExternalStore(p?.subscribe ?? noSubscribe, language, language)
  const lng = options.lng || current
  const namespaces: readonly string[] =
    ns === undefined ? [String(i18n?.options.defaultNS ?? 'translation')] : typeof ns === 'string' ? [ns] : ns
  const ready = i18n && p ? isLoaded(i18n, p, lng, namespaces) : false
  const useSuspense = options.useSuspense ?? i18n?.options.react?.useSuspense ?? true
  const [, loadedOnce] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the namespaces' content, not the array's identity
  useEffect(() => {
    if (!i18n || !p || ready || useSuspense) return
    let live = true
    load(i18n, p, lng, namespaces, Boolean(options.lng)).then(() => {
      if (live) loadedOnce((n) => n + 1)
    })
    return () => {
      live = false
    }
  }, [ready, useSuspense, i18n, p, lng, namespaces.join(','), options.lng])
  if (!i18n || !p) return NO_INSTANCE
  if (!ready && useSuspense) throw load(i18n, p, lng, namespaces, Boolean(options.lng))
  const fallback = options.nsMode === 'fallback'
  const tKey = `${lng}|${fallback ? namespaces.join(',') : namespaces[0]}|${options.keyPrefix ?? ''}`
  let t = p.ts.get(tKey)
  if (!t) {
    t = fixedT(i18n, p, lng, fallback ? namespaces : (namespaces[0] ?? 'translation'), options.keyPrefix)
    p.ts.set(tKey, t)
  }
  const rKey = `${tKey}|${ready}`
  let result = p.results.get(rKey)
  if (!result) {
    const made = [t, i18n, ready] as unknown as Result
    made.t = t
    made.i18n = i18n
    made.ready = ready
    result = made
    p.results.set(rKey, result)
  }
  return result
}

/** Same signature and types as react-i18next's `useTranslation` (see above for what differs inside). */
export const useTranslation = useTranslationImpl as unknown as typeof reactUseTranslation
