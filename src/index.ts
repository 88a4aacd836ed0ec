/**
 * The core's public module: everything a plugin may use of the core. Plugins import the core only
 * from here, as '@core' (and their contracts from the node-safe `src/contract.ts`, '@core/contract'); the
 * import wall (scripts/check-layers.ts) enforces it.
 */

// i18n: one copy of the hook for every screen chunk (ARCHITECTURE "Import useTranslation once in the core")
export { Trans } from 'react-i18next'
export { benefitImages } from './config/benefits'
export { CATALOG_COUNTRIES, loadBenefitImages, loadCountryCatalog } from './config/catalogs'
export * from './contract'
export { firstPaintLanguage, firstPaintReply } from './first-paint/client'
export {
  dataKey,
  type FirstDataRequest,
  type FirstReply,
  useFirstData,
  useNotFoundStatus,
  usePaintStatus,
} from './first-paint/data'
export { type HttpClient, HttpError, type HttpErrorKind } from './http/client'
export { CORE_ERROR_CODES, codeText, errorText } from './http/error-text'
export { useTranslation } from './i18n/use-translation'
export { createLocalCache, type LocalCache } from './platform/cache'
export { type Cookies, createCookies } from './platform/cookies'
export { inMobileApp, type MobileOs, mobileOs } from './platform/device'
export { tokenTimes } from './platform/jwt'
export { storage } from './platform/storage'
export { definePlugin } from './plugin/define'
export { createEventBus } from './plugin/events'
export {
  type RegisterForm,
  type Session,
  type SessionMember,
  type SessionResult,
  signedOutSession,
} from './plugin/session'
export type {
  AppEvents,
  ComponentLoader,
  EventBus,
  FirstPaintProps,
  Guard,
  GuardContext,
  GuardResult,
  LocaleLoader,
  MenuEntry,
  NavigationContext,
  NavigationHook,
  NavigationResult,
  Plugin,
  PluginContext,
  PluginDefinition,
  ScreenProps,
  ServerPaintContext,
  Services,
  SlotName,
} from './plugin/types'
export { NotFound } from './routing/NotFound'
export {
  pathTo,
  RouteLink,
  type RouteLinkProps,
  type RouteParams,
  routeAt,
  samePage,
  usePath,
} from './routing/names'
export { fillPattern } from './routing/pattern'
export { CachedList, type LoadStatus } from './state/cached-list'
export {
  type AppContextValue,
  AppProvider,
  useApp,
  useServices,
  useSession,
  useStore,
} from './state/context'
export type { StoreRegistry } from './state/root'
export { yieldToMain } from './tasks/boot-tasks'
export { Button, type ButtonLook, type ButtonProps, type ButtonVariant, buttonClass } from './ui/Button'
export { badgeClass } from './ui/badge'
export { CaptchaCheck, SANDBOX_CAPTCHA_RESPONSE, useFormCaptcha } from './ui/Captcha'
export { type Chip, ChipNav } from './ui/ChipNav'
export {
  type Column,
  DataTable,
  type DataTableProps,
  Pager,
  pageCount,
  pageParam,
} from './ui/DataTable'
export { Dialog } from './ui/Dialog'
export { type DateTexts, dateParts, formatShortDate } from './ui/dates'
export { CheckField, Field, type FieldSpec, Fields, FormAlert, focusFirstError, RadioGroup } from './ui/Field'
export { type Figure, Figures, Lead } from './ui/Figures'
export { localeOf } from './ui/locale'
export { formatCents, Money } from './ui/money'
export { LoadedPage, Page } from './ui/Page'
export { Part, useHasPart } from './ui/Part'
export {
  PAYOUT_CODE_FIELDS,
  type PayoutField,
  PayoutForm,
  type PayoutFormProps,
  type PayoutFormTexts,
  type PayoutRequest,
  type PayoutValues,
  payoutFormTexts,
} from './ui/PayoutForm'
export { Spinner } from './ui/Spinner'
export { surface } from './ui/surface'
export { TestMoneyLabel } from './ui/TestMoney'
export { type Disclosure, useDisclosure } from './ui/useDisclosure'
export { useDocumentTitle } from './ui/useDocumentTitle'
export { type FormErrors, splitServerErrors, type UseFormOptions, useForm } from './ui/useForm'
export {
  isNotFound,
  LoadFailed,
  type LoadOptions,
  type LoadState,
  LoadView,
  RowsSkeleton,
  useLoad,
} from './ui/useLoad'
export { type PageOf, usePaged } from './ui/usePaged'
export { formatWhole } from './ui/whole'
