import { describe, expect, it } from 'vitest'
import { dateIn, daysBetween, reengagementOf, sidDate, tokenIssuedAt } from './reengagement'

const b64url = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const jwt = (claims: unknown) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.c2ln`
const at = (iso: string) => new Date(iso)
const iat = (iso: string) => Date.parse(iso) / 1000

describe('sid dates', () => {
  it('reads MMDDYYYY at the start of a sid and refuses impossible dates', () => {
    expect(sidDate('03092025_fb')).toEqual([2025, 3, 9])
    expect(sidDate('02292024_organic')).toEqual([2024, 2, 29])
    expect(sidDate('02292025_organic')).toBeUndefined()
    expect(sidDate('13012025_x')).toBeUndefined()
    expect(sidDate('00012025')).toBeUndefined()
    expect(sidDate('fb_03092025')).toBeUndefined()
    expect(sidDate('0309202')).toBeUndefined()
    expect(sidDate(undefined)).toBeUndefined()
  })
  it('counts calendar days across month, year and leap-day boundaries', () => {
    expect(daysBetween([2024, 12, 31], [2025, 1, 1])).toBe(1)
    expect(daysBetween([2025, 1, 31], [2025, 3, 1])).toBe(29)
    expect(daysBetween([2024, 2, 28], [2024, 3, 1])).toBe(2)
    expect(daysBetween([2025, 3, 8], [2025, 3, 10])).toBe(2) // US DST starts on 9 March 2025
    expect(daysBetween([2025, 1, 2], [2025, 1, 1])).toBe(-1)
  })
})

describe('re-engagement from the sid (fixed clocks)', () => {
  it('an earlier dated sid is a re-engagement; membership_day is the day difference', () => {
    expect(reengagementOf({ sid: '12312024_fb', now: at('2025-01-01T12:00:00Z'), timeZone: 'UTC' })).toEqual({
      reengagement: 1,
      membership_day: 1,
    })
    expect(reengagementOf({ sid: '01312025_x', now: at('2025-03-01T12:00:00Z'), timeZone: 'UTC' })).toEqual({
      reengagement: 1,
      membership_day: 29,
    })
    expect(reengagementOf({ sid: '01012024_x', now: at('2025-01-01T00:00:00Z'), timeZone: 'UTC' })).toEqual({
      reengagement: 1,
      membership_day: 366,
    })
  })
  it('a sid dated today or later is not a re-engagement', () => {
    expect(
      reengagementOf({ sid: '03092025_organic', now: at('2025-03-09T23:59:59Z'), timeZone: 'UTC' }),
    ).toEqual({
      reengagement: 0,
      membership_day: 0,
    })
    expect(
      reengagementOf({ sid: '03102025_organic', now: at('2025-03-09T10:00:00Z'), timeZone: 'UTC' }),
    ).toEqual({
      reengagement: 0,
      membership_day: 0,
    })
  })
  it('today is the visitor’s calendar day: the same instant is a different day in Tokyo and Los Angeles', () => {
    const now = at('2025-01-01T03:00:00Z') // 1 Jan 12:00 in Tokyo, 31 Dec 19:00 in Los Angeles
    expect(dateIn(now, 'Asia/Tokyo')).toEqual([2025, 1, 1])
    expect(dateIn(now, 'America/Los_Angeles')).toEqual([2024, 12, 31])
    expect(reengagementOf({ sid: '12312024_fb', now, timeZone: 'Asia/Tokyo' })).toEqual({
      reengagement: 1,
      membership_day: 1,
    })
    expect(reengagementOf({ sid: '12312024_fb', now, timeZone: 'America/Los_Angeles' })).toEqual({
      reengagement: 0,
      membership_day: 0,
    })
    // the far side of the date line: already 2 Jan on Kiritimati
    expect(
      reengagementOf({ sid: '12312024_fb', now: at('2025-01-01T12:00:00Z'), timeZone: 'Pacific/Kiritimati' }),
    ).toEqual({ reengagement: 1, membership_day: 2 })
  })
  it('the dated sid wins over the token', () => {
    const token = jwt({ iat: iat('2024-01-01T00:00:00Z') })
    expect(
      reengagementOf({ sid: '02282025_x', token, now: at('2025-03-01T12:00:00Z'), timeZone: 'UTC' }),
    ).toEqual({
      reengagement: 1,
      membership_day: 1,
    })
  })
})

describe('re-engagement from the login token', () => {
  it('without a dated sid, the iat of the token is the reference date', () => {
    const token = jwt({ sub: '1', iat: iat('2024-12-30T22:00:00Z') })
    expect(
      reengagementOf({ sid: 'fb_campaign', token, now: at('2025-01-02T08:00:00Z'), timeZone: 'UTC' }),
    ).toEqual({
      reengagement: 1,
      membership_day: 3,
    })
    // 22:00 UTC on 30 Dec is already 31 Dec in Tokyo
    expect(
      reengagementOf({ sid: 'fb_campaign', token, now: at('2025-01-02T08:00:00Z'), timeZone: 'Asia/Tokyo' }),
    ).toEqual({ reengagement: 1, membership_day: 2 })
    const fresh = jwt({ iat: iat('2025-01-02T01:00:00Z') })
    expect(reengagementOf({ token: fresh, now: at('2025-01-02T08:00:00Z'), timeZone: 'UTC' })).toEqual({
      reengagement: 0,
      membership_day: 0,
    })
  })
  it("a token that is not three dot-separated parts is 'Invalid JWT'", () => {
    expect(() => tokenIssuedAt('e2e.token')).toThrow('Invalid JWT')
    expect(() => tokenIssuedAt('a.b.c.d')).toThrow('Invalid JWT')
    expect(() => tokenIssuedAt('..')).toThrow('Invalid JWT')
    expect(() => tokenIssuedAt(jwt({ sub: 1 }))).toThrow('Invalid JWT')
    expect(tokenIssuedAt(jwt({ iat: 1700000000 }))).toBe(1700000000)
  })
  it('an invalid or undecodable token is caught silently: no reference date', () => {
    const now = at('2025-01-02T08:00:00Z')
    expect(reengagementOf({ token: 'not-a-jwt', now })).toEqual({ reengagement: 0, membership_day: null })
    expect(reengagementOf({ token: 'e2e.token.value', now })).toEqual({
      reengagement: 0,
      membership_day: null,
    })
    expect(reengagementOf({ token: null, now })).toEqual({ reengagement: 0, membership_day: null })
  })
  it('uses the runtime time zone when none is given', () => {
    const now = new Date(2025, 0, 1, 0, 30) // 00:30 local on 1 January
    expect(reengagementOf({ sid: '12312024_x', now })).toEqual({ reengagement: 1, membership_day: 1 })
  })
})
