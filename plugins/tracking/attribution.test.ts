import { describe, expect, it } from 'vitest'
import { clean, defaultAttribution, defaultSid, fromQuery, land, parseStored } from './attribution'

const d = { sidSuffix: '_organic', cid: 'homepage', partner: 'organic' }
const now = new Date(2025, 2, 9, 10, 0) // 9 March 2025, local time
const earlier = new Date(2025, 1, 1, 8, 0)

describe('defaults (SPEC 3)', () => {
  it('sid is month, day, year plus _organic; cid homepage; partner organic', () => {
    expect(defaultSid(now, '_organic')).toBe('03092025_organic')
    expect(defaultSid(new Date(2024, 11, 31, 23, 59), '_organic')).toBe('12312024_organic')
    expect(defaultAttribution(now, d)).toEqual({
      sid: '03092025_organic',
      cid: 'homepage',
      partner: 'organic',
      website: null,
      url: null,
      origin: now.getTime(),
    })
  })
  it('a first visit without parameters stores the defaults', () => {
    expect(land(undefined, {}, now, d)).toEqual({ record: defaultAttribution(now, d), changed: true })
  })
})

describe('values from the query', () => {
  it('reads sid, cid, partner, website and url', () => {
    expect(
      fromQuery('?sid=01022025_fb&cid=spring&partner=affiliate&website=ex.com&url=/spl/spland1&x=1'),
    ).toEqual({
      sid: '01022025_fb',
      cid: 'spring',
      partner: 'affiliate',
      website: 'ex.com',
      url: '/spl/spland1',
    })
  })
  it('strips script-like characters and caps the length', () => {
    expect(clean('sid', '<script>alert("x")</script>')).toBe('scriptalertxscript')
    expect(clean('cid', 'a b;c')).toBe('abc')
    expect(clean('sid', 'x'.repeat(500))).toHaveLength(100)
    expect(clean('url', `https://ex.com/p?a=1&b=${'y'.repeat(3000)}`)).toHaveLength(2000)
    expect(clean('url', 'javascript:alert(1)"')).toBe('javascript:alert1')
    expect(clean('website', "ex.com'><img>")).toBe('ex.comimg')
    expect(clean('sid', '<>"')).toBeUndefined()
    expect(clean('sid', 42)).toBeUndefined()
    expect(fromQuery(`?sid=${encodeURIComponent('"><svg onload=alert(1)>')}`)).toEqual({
      sid: 'svgonloadalert1',
    })
    expect(fromQuery('?sid=&cid=%3C%3E')).toEqual({})
  })
})

describe('the stored cookie', () => {
  const good = {
    sid: '01022025_fb',
    cid: 'spring',
    partner: 'affiliate',
    website: null,
    url: '/x',
    origin: 1,
  }
  it('reads a well-formed record', () => {
    expect(parseStored(JSON.stringify(good))).toEqual(good)
  })
  it('treats a malformed cookie as absent', () => {
    for (const raw of [
      undefined,
      '',
      '{not-json',
      'null',
      '"a string"',
      '[1,2]',
      JSON.stringify({ ...good, sid: 5 }),
      JSON.stringify({ ...good, sid: '<>' }),
      JSON.stringify({ ...good, origin: 'yesterday' }),
      JSON.stringify({ cid: 'x', partner: 'y', origin: 1 }),
    ])
      expect(parseStored(raw)).toBeUndefined()
  })
  it('cleans the fields of a tampered but readable cookie', () => {
    expect(parseStored(JSON.stringify({ ...good, cid: 'sp<b>ring', website: '<x>' }))).toEqual({
      ...good,
      cid: 'spbring',
      website: 'x',
    })
  })
})

describe('replacement rules', () => {
  const stored = land(undefined, { sid: '02012025_fb', cid: 'winter', partner: 'meta' }, earlier, d).record
  it('a plain revisit keeps the record and its origin', () => {
    expect(land(stored, {}, now, d)).toEqual({ record: stored, changed: false })
  })
  it('the same campaign link again keeps the record and its origin', () => {
    expect(land(stored, { sid: '02012025_fb', cid: 'winter', partner: 'meta' }, now, d)).toEqual({
      record: stored,
      changed: false,
    })
  })
  it('a landing with new parameters replaces the record; missing fields take the defaults, not the old ones', () => {
    const r = land(stored, { sid: '03092025_google' }, now, d)
    expect(r.changed).toBe(true)
    expect(r.record).toEqual({
      sid: '03092025_google',
      cid: 'homepage',
      partner: 'organic',
      website: null,
      url: null,
      origin: now.getTime(),
    })
  })
  it('a new cid alone is a new landing with today’s organic sid', () => {
    expect(land(stored, { cid: 'newsletter' }, now, d).record).toMatchObject({
      sid: '03092025_organic',
      cid: 'newsletter',
      partner: 'organic',
    })
  })
  it('parameters on a first visit start the record', () => {
    expect(land(undefined, { partner: 'affiliate', website: 'ex.com' }, now, d).record).toEqual({
      sid: '03092025_organic',
      cid: 'homepage',
      partner: 'affiliate',
      website: 'ex.com',
      url: null,
      origin: now.getTime(),
    })
  })
})
