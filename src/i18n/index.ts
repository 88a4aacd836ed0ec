import i18next, { type BackendModule, type i18n as I18n, type PostProcessorModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { constants } from '../config/constants'
import { storage } from '../platform/storage'
import type { LocaleLoader } from '../plugin/types'
import { createMissingReporter, type MissingReporter } from './missing'

export type Language = 'en' | 'es'

/**
 * The core's texts: 'core' (loaded before the first render: layout, errors) and 'core-on-demand' (the
 * texts of core parts no first view shows, such as the test-money label and the captcha step, loaded
 * when such a part first renders, so they do not weigh on a visitor's first view).
 */
const coreLocales: Record<string, Record<Language, LocaleLoader>> = {
  core: {
    en: () => import('../../locales/en/core.json'),
    es: () => import('../../locales/es/core.json'),
  },
  'core-on-demand': {
    en: () => import('../../locales/en/core-on-demand.json'),
    es: () => import('../../locales/es/core-on-demand.json'),
  },
}

/** The language of this visit: ?lang=es (stored) wins, then the stored choice, then English. */
export function detectLanguage(search: string, languages: readonly string[]): Language {
  const q = new URLSearchParams(search).get(constants.languageQueryParam)
  if (q && languages.includes(q)) {
    rememberLanguage(q as Language)
    return q as Language
  }
  const stored = storage.get(constants.storageKeys.locale)
  if (stored && languages.includes(stored)) {
    rememberLanguage(stored as Language) // a choice made before the cookie existed gets it too
    return stored as Language
  }
  return 'en'
}

/**
 * Keeps the language in local storage (SPEC 1) and in a cookie of the same value, which the server
 * reads to draw the first paint in it (server/static.ts). No environment prefix: only a preference.
 */
function rememberLanguage(lng: Language): void {
  storage.set(constants.storageKeys.locale, lng)
  try {
    const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
    // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and a value of two letters; no prefix or helper needed
    document.cookie = `${constants.languageCookieName}=${lng}; path=/; max-age=31536000; SameSite=Lax${secure}`
  } catch {
    // no document (tests, the server): local storage alone
  }
}

export function setLanguage(i18n: I18n, lng: Language): Promise<unknown> {
  rememberLanguage(lng)
  document.documentElement.lang = lng
  return i18n.changeLanguage(lng)
}

/**
 * i18next with one namespace per plugin ('core' for the core). Texts are loaded on demand from the
 * enabled plugins' own loaders, so a disabled plugin's texts are not in the bundle. A Spanish text
 * that falls back to English is reported once a minute per text (see missing.ts).
 */
export async function createI18n(opts: {
  locales: ReadonlyMap<string, Readonly<Record<string, LocaleLoader>>>
  language: Language
  languages: readonly Language[]
  report: (text: string) => void
  namespaces?: string[]
}): Promise<{ i18n: I18n; reporter: MissingReporter }> {
  const i18n = i18next.createInstance()
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(lng, ns, cb) {
      const loader = coreLocales[ns]?.[lng as Language] ?? opts.locales.get(ns)?.[lng]
      if (!loader) return cb(null, {})
      loader().then(
        (m) => cb(null, m.default),
        (e: Error) => cb(e, false),
      )
    },
  }
  const reporter = createMissingReporter(opts.report)
  const detector: PostProcessorModule = {
    type: 'postProcessor',
    name: 'reportMissingSpanish',
    process(value, keys, options) {
      if (i18n.language !== constants.spanishLocale) return value
      const key = Array.isArray(keys) ? keys[0] : keys
      if (typeof key !== 'string') return value
      const nsOpt = (options as { ns?: string | string[] }).ns
      const [nsFromKey, rest] = key.includes(':')
        ? (key.split(/:(.*)/s) as [string, string])
        : [undefined, key]
      // a t() over several namespaces (useTranslation's nsMode 'fallback') looks in each in turn
      const list = nsFromKey ? [nsFromKey] : Array.isArray(nsOpt) ? nsOpt : [nsOpt ?? 'core']
      const inSpanish = (ns: string) =>
        i18n.exists(rest, { lng: constants.spanishLocale, ns, fallbackLng: false })
      if (!list.some(inSpanish)) reporter.missing(value)
      return value
    },
  }
  await i18n
    .use(backend)
    .use(detector)
    .use(initReactI18next)
    .init({
      lng: opts.language,
      fallbackLng: 'en',
      supportedLngs: [...opts.languages],
      ns: ['core', ...(opts.namespaces ?? [])],
      defaultNS: 'core',
      postProcess: ['reportMissingSpanish'],
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    })
  if (typeof document !== 'undefined') document.documentElement.lang = opts.language
  return { i18n, reporter }
}
