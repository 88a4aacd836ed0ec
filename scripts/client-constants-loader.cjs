// Build step of rsbuild.config.ts (pluginBrand), applied to config/constants.json in the browser build:
// drops the constants only the server reads (limits, windows and periods of scheduled work), so they
// do not weigh on every visitor's first view. The server, the Node build and the tests read the whole
// file; tests/build/bundle.test.ts checks that no browser code reads a key listed here and that none is
// in the browser bundle.
const SERVER_ONLY = [
  // the editor's pointer to the file's JSON schema: nothing reads it
  '$schema',
  'abuseLimits',
  'billing',
  'giftCards',
  'payouts',
  'emailChange',
  'inquiryMatch',
  'jobPollSeconds',
  'jobs',
  'payoutHoldDays',
  'payoutReleaseSeconds',
  'promoCreditWindowMinutes',
  'rebateClaims',
  'staff',
  'referralBonusCents',
  'urlLoginCodeMinutes',
  // parts of a group the browser reads (a dotted path: group.key)
  'cashback.defaultConfirmationDays',
  'chat.messagesPerMinute',
  'coins.betterOfferMinGainPercent',
  'coins.smsCodeAttempts',
  'coins.smsCodeLength',
  'coins.smsCodeMinutes',
  'coins.smsPerMemberPerHour',
  'coins.smsPerNumberPerHour',
  'coins.smsResendSeconds',
  'mobile.oneTimeCodeMinutes',
  'protection.lateDeliveryCreditCents',
  'protection.parcelLostDays',
  'protection.syncMinSeconds',
  'protection.watchIntervalSeconds',
  'withdrawalMinimum.cashCents',
]

module.exports = function clientConstants(source) {
  const json = JSON.parse(source)
  for (const key of SERVER_ONLY) {
    const path = key.split('.')
    const last = path.pop()
    const parent = path.reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), json)
    if (parent && typeof parent === 'object') delete parent[last]
  }
  return JSON.stringify(json)
}
module.exports.SERVER_ONLY = SERVER_ONLY
