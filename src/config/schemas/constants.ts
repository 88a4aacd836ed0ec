import { z } from 'zod'

const positiveInt = z.number().int().positive()
const cookie = z.strictObject({ name: z.string().min(1), lifeDays: positiveInt })

/** config/constants.json: every number and name of SPEC section 9. */
export const constantsSchema = z.strictObject({
  $schema: z.string().optional(),
  attributionCookie: cookie,
  attributionDefaults: z.strictObject({ sidSuffix: z.string(), cid: z.string(), partner: z.string() }),
  translationCacheKey: z.string().min(1),
  registrationPixelCacheMinutes: positiveInt,
  missingTranslationFlagMinutes: positiveInt,
  defaultCacheMinutes: positiveInt,
  categoryCacheHours: positiveInt,
  loginLifeDays: positiveInt,
  loginCookieName: z.string().min(1),
  /** Mirrors the stored language, so the server draws the first paint in it (server/static.ts). */
  languageCookieName: z.string().min(1),
  plusSubscriptionCookie: cookie,
  extensionPrompt: z.strictObject({
    cookieName: z.string().min(1),
    lifeDays: positiveInt,
    minWindowWidthPx: positiveInt,
    firstValue: z.number().int(),
    secondValue: z.number().int(),
  }),
  copyButtonDelayMs: positiveInt,
  redirectPopupMs: positiveInt,
  signOutPopupMs: positiveInt,
  successPopupMs: positiveInt,
  extensionInstalledDialogMs: positiveInt,
  promoSecondSyncMs: positiveInt,
  /** The sign-up promo credit is paid only this many minutes after a promo registration (issue 25). */
  promoCreditWindowMinutes: positiveInt,
  hashScrollOffsetPx: z.number().int().nonnegative(),
  defaultInstalledPage: positiveInt,
  offerPopupSmallStyleOverChars: positiveInt,
  /** A store's rate earns the 'good rate' badge within this percent of the best rate seen. */
  goodRateWithinPercent: z.number().positive().max(100),
  benefitImagesMaxPerCategory: positiveInt,
  shippingRebateMaxPerMonth: positiveInt,
  rideshareRebateMaxPerMonth: positiveInt,
  cashbackClaimWindowDays: positiveInt,
  minimumAge: positiveInt,
  minimumPasswordLength: positiveInt,
  /**
   * The sign-up fields' upper limits (SPEC 5), in characters: the server's auth contract refuses more,
   * and the phone's limit is part of the pattern both sign-up forms check (src/shared/signup.ts).
   */
  signup: z.strictObject({
    nameMaxLength: positiveInt,
    emailMaxLength: positiveInt,
    passwordMaxLength: positiveInt,
    phoneMaxLength: positiveInt,
  }),
  couponBonusDollars: positiveInt,
  numberFormat: z.strictObject({
    currency: z.string().length(3),
    decimals: z.number().int().nonnegative(),
    centsDivisor: positiveInt,
    negativesInParentheses: z.boolean(),
  }),
  defaultTerms: z.strictObject({
    stats: z.boolean(),
    cookies: z.boolean(),
    firefox: z.boolean(),
    pii: z.boolean(),
  }),
  userAgentMaxLength: positiveInt,
  offersRemembered: positiveInt,
  /** The smallest withdrawal: cash in cents, coins in coins. */
  withdrawalMinimum: z.strictObject({ cashCents: positiveInt, coins: positiveInt }),
  /** Coin withdrawals: how many coins make one US dollar. */
  coinWithdrawal: z.strictObject({ coinsPerDollar: positiveInt }),
  /** Days a first payout to new payout details (method + destination) is held. */
  payoutHoldDays: z.number().int().nonnegative(),
  /** How often (s) scheduled work sends the held payouts whose hold has ended (server/lib/payout-release.ts). */
  payoutReleaseSeconds: positiveInt,
  /** The referrer's bonus, in cents, when a referred member's first cash back confirms. */
  referralBonusCents: positiveInt,
  /** Cash back (issue 26): when a member may report missing cash back, and the confirmation period used when a store has none. */
  cashback: z.strictObject({
    /** Missing cash back may be reported from this many days after a click at the store ... */
    inquiryMinDaysAfterClick: z.number().int().nonnegative(),
    /** ... and within this many days of it. */
    inquiryMaxDaysAfterClick: positiveInt,
    /** Days from an order to payable when the store has no confirmation period and no typical confirmation time. */
    defaultConfirmationDays: positiveInt,
  }),
  /**
   * Missing cash back (server/lib/cashback/inquiries.ts): an inquiry matches a parked conversion of the
   * store's network and the same order id whose sale differs from the member's amount by at most
   * amountTolerancePercent of the sale or amountToleranceCents (whichever is larger), ordered at most
   * orderDateToleranceDays days from the member's order date (also how much later than that date the
   * click may be). Server only.
   */
  inquiryMatch: z.strictObject({
    amountTolerancePercent: z.number().nonnegative(),
    amountToleranceCents: z.number().int().nonnegative(),
    orderDateToleranceDays: z.number().int().nonnegative(),
  }),
  /** How often (s) each server looks for due jobs (server/lib/job-queue.ts). */
  jobPollSeconds: positiveInt,
  /** The job runner (server/lib/job-queue.ts). */
  jobs: z.strictObject({
    /** A claimed job is another server's to take again after this many seconds (its server died mid-run). */
    lockSeconds: positiveInt,
    /** A failed job runs again after this many seconds, doubled after each further failure ... */
    retryBaseSeconds: positiveInt,
    /** ... up to this many. */
    retryMaxSeconds: positiveInt,
    /** The done runs of a recurring job are kept this many days (one-off jobs are kept: their key stays taken). */
    keepDoneDays: positiveInt,
  }),
  /** Payouts (issue 27, server/lib/payouts/): what the payout provider sends and when staff must look first. */
  payouts: z.strictObject({
    /** A payout of more than this (cents; coins at their value) waits for staff approval instead of being sent. */
    reviewAboveCents: positiveInt,
    /** The development payout provider reports a payout's result this many seconds after it was sent. */
    devProviderDelaySeconds: z.number().int().nonnegative(),
    /** How often (s) scheduled work asks a provider without webhooks for the result of payouts it sent. */
    pollSeconds: positiveInt,
  }),
  /** Gift cards a gift-card withdrawal issues (issue 27): valid this many days. */
  giftCards: z.strictObject({ lifeDays: positiveInt }),
  /** Membership billing (issue 27, server/lib/billing/). */
  billing: z.strictObject({
    /** A declined renewal is retried this many days after the first decline (one mail each); cancelled after the last. */
    retryDays: z.array(positiveInt).min(1),
    /** How often (s) scheduled work charges the memberships that are due. */
    renewalSeconds: positiveInt,
    /** The /updatepay_method link of a decline mail works this many days. */
    updateLinkDays: positiveInt,
  }),
  /** Rebate claims (issue 27): the receipt's largest size, and how old an order may be. */
  rebateClaims: z.strictObject({ receiptMaxBytes: positiveInt, orderMaxAgeDays: positiveInt }),
  /**
   * The staff console (issue 28): a staff session's longest life, the adjustment above which a second
   * staff member must approve (four eyes), the shortest staff password, sign-in attempts per address and
   * 15 minutes, the TOTP second factor (RFC 6238), the audit log's page, the live chat's keep-alive.
   */
  staff: z.strictObject({
    sessionHours: positiveInt,
    adjustmentApprovalAboveCents: positiveInt,
    passwordMinLength: positiveInt,
    signInAttemptsPer15Minutes: positiveInt,
    totp: z.strictObject({
      issuer: z.string().min(1),
      digits: positiveInt,
      periodSeconds: positiveInt,
      window: z.number().int().min(0).max(2),
    }),
    auditPageSize: positiveInt,
    chatHeartbeatSeconds: positiveInt,
    /** A filed protection claim the watcher has not settled in this many hours goes to the staff queue (its provider keeps failing). */
    protectionUnsettledAfterHours: positiveInt,
  }),
  /**
   * Social sign-in through OpenID Connect (issue 31, server/lib/oidc.ts): how long an authorization and a
   * link waiting for the member's password last, the providers' names on their buttons (by OIDC_<ID>),
   * and the domain of Apple's hidden relay addresses.
   */
  socialSignIn: z.strictObject({
    flowMinutes: positiveInt,
    linkMinutes: positiveInt,
    labels: z.record(z.string().regex(/^[a-z0-9]{1,20}$/), z.string().min(1)),
    privateRelayDomain: z.string().min(3),
  }),
  spanishLocale: z.string().min(2),
  ukPrivacyCountryCodes: z.array(z.string().length(2)).min(1),
  mobileAppCookieName: z.string().min(1),
  redirectToAppCookieName: z.string().min(1),
  referenceQueryParam: z.string().min(1),
  languageQueryParam: z.string().min(1),
  storageKeys: z.strictObject({
    locale: z.string().min(1),
    loginRedirect: z.string().min(1),
    redirectedFromIdentity: z.string().min(1),
    user: z.string().min(1),
    /** SPEC 2.6 /refer: the 'refer your friend' flag. */
    referFlag: z.string().min(1),
    /** The referral code of the /refer link, sent with the registration. */
    referralCode: z.string().min(1),
  }),
  /**
   * The live chat (SPEC 2.9) on /account/contact: its business hours in one time zone (weekdays 0 =
   * Sunday to 6, hours 0 to 24), and the limits of a message. Outside the hours the message form shows.
   */
  chat: z.strictObject({
    timeZone: z.string().min(1),
    days: z.array(z.number().int().min(0).max(6)).min(1),
    openHour: z.number().int().min(0).max(23),
    closeHour: z.number().int().min(1).max(24),
    messageMaxLength: positiveInt,
    messagesPerMinute: positiveInt,
  }),
  /**
   * Coins (issue 14). Phone verification for surveys that need it: the one-time code's length, life
   * and tries, and how many codes a member and a number may get per hour, and the wait before a resend.
   * The survey return page polls the attempt every surveyStatusPollMs for at most surveyStatusPollMaxMs.
   * /account/promoteBetterOffer appears when another survey pays at least betterOfferMinGainPercent
   * more coins per minute. The list shows the screen-out rate from history once a survey has
   * screenOutMinAttempts finished attempts (before that, the platform's estimate).
   */
  coins: z.strictObject({
    smsCodeLength: z.number().int().min(4).max(10),
    smsCodeMinutes: positiveInt,
    smsCodeAttempts: positiveInt,
    smsPerMemberPerHour: positiveInt,
    smsPerNumberPerHour: positiveInt,
    smsResendSeconds: positiveInt,
    surveyStatusPollMs: positiveInt,
    surveyStatusPollMaxMs: positiveInt,
    betterOfferMinGainPercent: positiveInt,
    screenOutMinAttempts: positiveInt,
  }),
  /**
   * Protection (issue 15). A lower price counts for priceWindowDays after the order (hotel and car
   * rates until the stay or rental starts); a late delivery with no shipping fee to refund earns
   * lateDeliveryCreditCents; a parcel with no carrier scan for parcelLostDays is lost. A link must come
   * back from the provider within linkStateMinutes. The watcher runs every watchIntervalSeconds (once
   * across all servers); a member's "check now" runs at most once per syncMinSeconds.
   */
  protection: z.strictObject({
    priceWindowDays: positiveInt,
    lateDeliveryCreditCents: positiveInt,
    parcelLostDays: positiveInt,
    linkStateMinutes: positiveInt,
    watchIntervalSeconds: positiveInt,
    syncMinSeconds: positiveInt,
  }),
  /**
   * Limits against abuse (issue 25), each per windowSeconds: sign-in attempts per IP and per address
   * from one IP (an attacker elsewhere cannot lock a member out); past loginFailuresBeforeCaptcha
   * failed sign-ins of one address, from any IP, a sign-in needs the captcha. Password-reset calls
   * (the link and the new password) per IP and per address; contact messages per IP.
   */
  abuseLimits: z.strictObject({
    windowSeconds: positiveInt,
    loginPerIp: positiveInt,
    loginPerAddressAndIp: positiveInt,
    loginFailuresBeforeCaptcha: positiveInt,
    resetPerIp: positiveInt,
    resetPerAddress: positiveInt,
    contactPerIp: positiveInt,
  }),
  /**
   * The app (issue 16, SPEC 2.4): the deep-link destination when a page names none, the segment an
   * Android link adds, and how long the one-time code a deep link carries instead of a token lives.
   */
  mobile: z.strictObject({
    defaultDestination: z.string().min(1),
    androidTokenSegment: z.string().min(1),
    oneTimeCodeMinutes: positiveInt,
  }),
  /** Issue 25: a sign-in code in a URL (/token/callback, ?xd=1&token=) lives at most 5 minutes. */
  urlLoginCodeMinutes: positiveInt.max(5),
  /**
   * Issue 25: an e-mail change waits for the link mailed to the new address (confirmLinkMinutes);
   * the old address gets an undo link (undoLinkDays); resends of the link per member an hour.
   */
  emailChange: z.strictObject({
    confirmLinkMinutes: positiveInt,
    undoLinkDays: positiveInt,
    resendPerHour: positiveInt,
  }),
})
export type Constants = z.infer<typeof constantsSchema>
