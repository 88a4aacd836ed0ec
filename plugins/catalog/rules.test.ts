import { describe, expect, it } from 'vitest'
import defaultBrand from '../../config/brands/default.json'
import shipnowBrand from '../../config/brands/shipnow.json'
import partnersFile from '../../config/partners.json'
import { isLongDescription } from './components/offers'
import { historyPoints } from './components/RateHistory'
import { brandHasExtension, promptToShow, supportedBrowser } from './extension'
import { safeUrl } from './url'

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const EDGE = `${CHROME} Edg/131.0.0.0`
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

describe('a merchant link is opened only when it is http(s)', () => {
  it.each([
    ['https://shop.example.com/x?a=1', 'https://shop.example.com/x?a=1'],
    ['http://shop.example.com/', 'http://shop.example.com/'],
    ['javascript:alert(1)', null],
    ['JAVASCRIPT:alert(1)', null],
    ['data:text/html,hi', null],
    ['/relative/path', null],
    ['', null],
    [undefined, null],
  ])('%s', (input, out) => expect(safeUrl(input)).toBe(out))
})

describe('extension-install prompt rules (SPEC 4)', () => {
  const base = {
    brandHasExtension: true,
    width: 1280,
    userAgent: CHROME,
    markerPresent: false,
    cookie: undefined,
    dismissedNow: false,
  }
  it('the two desktop browsers only', () => {
    expect(supportedBrowser(CHROME)).toBe('chrome')
    expect(supportedBrowser(FIREFOX)).toBe('firefox')
    expect(supportedBrowser(EDGE)).toBeNull()
    expect(supportedBrowser(SAFARI)).toBeNull()
    expect(supportedBrowser(ANDROID)).toBeNull()
  })
  it('first prompt without the cookie, on a window wider than 1000 px', () => {
    expect(promptToShow(base)).toBe('first')
    expect(promptToShow({ ...base, width: 1000 })).toBeNull()
    expect(promptToShow({ ...base, width: 1001 })).toBe('first')
  })
  it('never with the marker or on another browser', () => {
    expect(promptToShow({ ...base, markerPresent: true })).toBeNull()
    expect(promptToShow({ ...base, userAgent: SAFARI })).toBeNull()
  })
  it('cookie 1: the second prompt on a later visit; cookie 2: none', () => {
    expect(promptToShow({ ...base, cookie: '1' })).toBe('second')
    expect(promptToShow({ ...base, cookie: '1', dismissedNow: true })).toBeNull()
    expect(promptToShow({ ...base, cookie: '2' })).toBeNull()
  })
  it('never for a brand whose partner has no extension (has_extension false), whatever else holds', () => {
    expect(promptToShow({ ...base, brandHasExtension: false })).toBeNull()
    expect(promptToShow({ ...base, brandHasExtension: false, cookie: '1' })).toBeNull()
  })
})

describe('which brands have an extension (config/partners.json has_extension)', () => {
  const partnerOf = (brand: { partner: string | null }) =>
    partnersFile.partners.find((p) => p.id === brand.partner) ?? null
  it('the default brand (no partner) has one; shipnow, whose partner says has_extension false, has none', () => {
    expect(brandHasExtension({ partner: partnerOf(defaultBrand) })).toBe(true)
    expect(partnerOf(shipnowBrand)?.has_extension).toBe(false)
    expect(brandHasExtension({ partner: partnerOf(shipnowBrand) })).toBe(false)
  })
  it('a partner with has_extension true has one', () => {
    expect(brandHasExtension({ partner: { has_extension: true } })).toBe(true)
  })
})

describe('offer popup style (SPEC 2.9)', () => {
  it('smaller when the description is over 300 characters', () => {
    expect(isLongDescription('x'.repeat(300))).toBe(false)
    expect(isLongDescription('x'.repeat(301))).toBe(true)
    expect(isLongDescription(null)).toBe(false)
  })
})

describe('rate history points', () => {
  it('sorts the log and ends on today at the current rate', () => {
    const now = Date.parse('2026-11-22T00:00:00Z')
    const pts = historyPoints(
      [
        { date: '2026-05-01T00:00:00Z', value: 200 },
        { date: '2026-01-01T00:00:00Z', value: 100 },
        { date: 'not a date', value: 5 },
      ],
      300,
      now,
    )
    expect(pts.map((p) => p.v)).toEqual([100, 200, 300])
    expect(pts.at(-1)!.t).toBe(now)
  })
})
