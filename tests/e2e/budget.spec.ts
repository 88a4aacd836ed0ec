import { resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import {
  FIRST_VIEW_BUDGET,
  MEMBER_FIRST_VIEW_BUDGET,
  memberScripts,
  scriptsOf,
  sizes,
} from '../../scripts/first-view'

// DIST_ROOT as the e2e servers (and rsbuild) take it: relative to the root, or absolute
const dist = resolve(import.meta.dirname, '../..', process.env.DIST_ROOT || 'dist', 'default')

test("home's first view, until it settles, is at most 195 KB of JavaScript, gzip (issues 17 and 30)", async ({
  browser,
  baseURL,
}) => {
  const files = await scriptsOf(browser, `${baseURL}/`)
  // the entry and the screen came: a page that failed to start would pass any budget
  expect([...files].some((f) => /static\/js\/index\.[\w]+\.js$/.test(f))).toBe(true)
  expect([...files].some((f) => /\/start\.[\w]+\.js$/.test(f))).toBe(true)
  const { gz } = sizes(dist, files)
  expect(gz, `${(gz / 1024).toFixed(1)} KB gzip in ${files.size} files`).toBeLessThanOrEqual(
    FIRST_VIEW_BUDGET,
  )
})

test("a member's first screen (the purchase history, signed in), until it settles, is at most 230 KB of JavaScript, gzip (issue 30)", async ({
  browser,
  baseURL,
}) => {
  const files = await memberScripts(browser, baseURL!)
  // the entry, the member's header part and the HTTP client of the screen's calls came: a page that
  // failed to start would pass any budget
  expect([...files].some((f) => /static\/js\/index\.[\w]+\.js$/.test(f))).toBe(true)
  expect([...files].some((f) => /\/member\.[\w]+\.js$/.test(f))).toBe(true)
  expect([...files].some((f) => /\/lib-axios\.[\w]+\.js$/.test(f))).toBe(true)
  const { gz } = sizes(dist, files)
  expect(gz, `${(gz / 1024).toFixed(1)} KB gzip in ${files.size} files`).toBeLessThanOrEqual(
    MEMBER_FIRST_VIEW_BUDGET,
  )
})
