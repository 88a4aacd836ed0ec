/**
 * The core's node-safe public module: what a plugin's `contract.ts` (shared with the server) may use.
 * No React, no CSS, no browser globals: the server imports the contracts through this file.
 * Plugins import the core only from here and from `src/index.ts`.
 */
export { constants } from './config/constants'
export type { RuntimeConfig } from './config/runtime-types'
export type { Constants } from './config/schemas/constants'
export type { Lander } from './config/schemas/landers'
export {
  BillingReply,
  CardFields,
  Payment,
  PaymentCard,
  PaymentMethodRequest,
  PaymentMethodToken,
  PaymentProviderReply,
  TokenizeReply,
} from './shared/billing'
export {
  CAPTCHA_ACTIONS,
  CAPTCHA_FRAME_PATH,
  CAPTCHA_TOKEN_MESSAGE,
  type CaptchaAction,
  CaptchaConfigReply,
} from './shared/captcha'
export { ContactReply, ContactRequest } from './shared/contact'
export {
  attributionFields,
  int,
  type ListReply,
  listReply,
  OkReply,
  paged,
  str,
} from './shared/contract-helpers'
export { GeoReply } from './shared/geo'
export { GIFT_CODE_MAX, GiftCard, GiftRedeemReply, GiftRedeemRequest } from './shared/gift-cards'
export {
  Balances,
  BalancesReply,
  LEDGER_KINDS,
  LEDGER_STATUSES,
  LedgerCurrency,
  LedgerEntry,
  LedgerFilter,
  LedgerKind,
  type LedgerKindName,
  LedgerQuery,
  LedgerReply,
  LedgerStatus,
  WITHDRAWAL_STATUSES,
  Withdrawal,
  WithdrawalMethod,
  WithdrawalReply,
  WithdrawalRequest,
  WithdrawalsReply,
} from './shared/money'
export { Offer, OfferReply, OfferStartReply, OffersReply, OfferTypes } from './shared/offers'
export {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  SIGNUP_LIMITS,
  type SignupField,
  type SignupProblem,
  type SignupValues,
  signupProblems,
} from './shared/signup'
export {
  CancelReply,
  CancelRequest,
  type PlanId,
  PlanIds,
  Subscription,
  SubscriptionsReply,
} from './shared/subscriptions'
