import { describe, expect, it } from 'vitest'
import { compilePattern, fillPattern, matchPattern } from './pattern'

describe('route patterns (SPEC 2)', () => {
  it('matches params by name', () => {
    expect(matchPattern(compilePattern('/stores/:category'), '/stores/food')).toEqual({ category: 'food' })
    expect(matchPattern(compilePattern('/stores/:category'), '/stores')).toBeNull()
  })
  it('matches a param with a literal suffix: /{merchant_internal_name}-coupons', () => {
    const p = compilePattern('/:merchant-coupons')
    expect(matchPattern(p, '/amazon-coupons')).toEqual({ merchant: 'amazon' })
    expect(matchPattern(p, '/best-buy-coupons')).toEqual({ merchant: 'best-buy' })
    expect(matchPattern(p, '/amazon')).toBeNull()
  })
  it('matches optional params and splats', () => {
    const p = compilePattern('/mobile-safari/installed/:page?')
    expect(matchPattern(p, '/mobile-safari/installed')).toEqual({ page: undefined })
    expect(matchPattern(p, '/mobile-safari/installed/3')).toEqual({ page: '3' })
    expect(matchPattern(compilePattern('/unsub/*'), '/unsub/a/b')).toEqual({ '*': 'a/b' })
  })
  it('fills a redirect target from the params', () => {
    expect(fillPattern('/stores/:category', { category: 'food & drink' })).toBe('/stores/food%20%26%20drink')
    expect(fillPattern('/:merchant-coupons', { merchant: 'amazon' })).toBe('/amazon-coupons')
    expect(fillPattern('/mobile-safari/installed/:page?', {})).toBe('/mobile-safari/installed')
  })
})
