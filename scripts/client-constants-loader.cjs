// Build step of rsbuild.config.ts (pluginBrand), applied to config/constants.json in the browser build:
// drops the constants only the server reads (limits, windows and periods of scheduled work), so they
// do not weigh on every visitor's first view. The server, the Node build and the tests read the whole
// file; tests/build/bundle.test.ts checks that no browser code reads a key listed here and that none is
// in the browser bundle.
const SERVER_ONLY = [
  'abuseLimits',
  'emailChange',
  'inquiryMatch',
  'jobPollSeconds',
  'jobs',
  'payoutReleaseSeconds',
  'promoCreditWindowMinutes',
  'urlLoginCodeMinutes',
]

module.exports = function clientConstants(source) {
  const json = JSON.parse(source)
  for (const key of SERVER_ONLY) delete json[key]
  return JSON.stringify(json)
}
module.exports.SERVER_ONLY = SERVER_ONLY
