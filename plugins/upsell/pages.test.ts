import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { config } from '@brand'
import { constants, formatCents } from '@core'
import { describe, expect, it } from 'vitest'
import en from '../../locales/en/upsell.json'
import es from '../../locales/es/upsell.json'
import { crossDomainEntry } from './crossdomain'
import { cardBrandName, GIFT_CODE_MAX, validateGiftCode } from './forms'
import { ruleDate, sweepstakes, tokenState } from './sweepstakes'

describe('sweepstakes verify link', () => {
  it('tells a missing, a malformed and a well-formed code apart', () => {
    expect(tokenState('')).toBe('missing')
    expect(tokenState('?token=')).toBe('missing')
    expect(tokenState('?token=%20')).toBe('missing')
    expect(tokenState('?token=short')).toBe('invalid')
    expect(tokenState('?token=<script>alert(1)</script>aaaaaaaaaa')).toBe('invalid')
    expect(tokenState(`?token=${'a'.repeat(129)}`)).toBe('invalid')
    expect(tokenState('?token=AbCdEf0123456789_-xy')).toBe('well-formed')
  })
  it('rule dates are calendar days in either language, with no time-zone shift', () => {
    expect(ruleDate('2026-01-01', 'en')).toBe('January 1, 2026')
    expect(ruleDate('2026-12-31', 'es')).toBe('31 de diciembre de 2026')
  })
})

describe('the static sweepstakes page states the same facts as the rules', () => {
  const html = readFileSync(resolve(import.meta.dirname, '../../public/pages/sweepstakes.html'), 'utf8')
  it('prize, age, entry period, Spanish rules link, sponsor', () => {
    expect(html).toContain(formatCents(sweepstakes.prizeCents, 'en'))
    expect(html).toContain(`${constants.minimumAge} or older`)
    expect(html).toContain(ruleDate(sweepstakes.start, 'en'))
    expect(html).toContain(ruleDate(sweepstakes.end, 'en'))
    expect(html).toContain(`${sweepstakes.drawings} prizes`)
    expect(html).toContain(`/sweepstakes-rules?${constants.languageQueryParam}=${constants.spanishLocale}`)
    expect(html).toContain(sweepstakes.sponsor)
    expect(html).toContain('<html lang="en">')
  })
  it('loads nothing from another site and has no inline style or script', () => {
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//)
    expect(html).not.toMatch(/<style|style=|<script/)
  })
})

describe('gift card code', () => {
  it('empty, too long, odd characters; a good code passes', () => {
    expect(validateGiftCode('  ')).toBe('gift.errors.empty')
    expect(validateGiftCode('A'.repeat(GIFT_CODE_MAX + 1))).toBe('gift.errors.long')
    expect(validateGiftCode('WELCOME_5<GIFT>')).toBe('gift.errors.chars')
    expect(validateGiftCode(' welcome-5-gift ')).toBeUndefined()
  })
  it('the long-code message names the limit in both languages', () => {
    expect(en.gift.errors.long).toContain('{{max}}')
    expect(es.gift.errors.long).toContain('{{max}}')
  })
})

describe('card brand from ?brand=', () => {
  it('known brands by their own names; anything else is not echoed', () => {
    expect(cardBrandName('visa')).toBe('Visa')
    expect(cardBrandName('AMEX')).toBe('American Express')
    expect(cardBrandName('master-card')).toBe('Mastercard')
    expect(cardBrandName('<img src=x onerror=alert(1)>')).toBeNull()
    expect(cardBrandName('Call 1-800-555-0000')).toBeNull()
    expect(cardBrandName(null)).toBeNull()
  })
})

describe('cross-domain upsell (?xd=1&token=)', () => {
  it('goes to the auth token route and comes back without xd and token', () => {
    expect(crossDomainEntry(config, '/upsell2', '?xd=1&token=aaa.bbb.ccc&tpsha1=t1')).toBe(
      `/token/callback/aaa.bbb.ccc?redirect=${encodeURIComponent('/upsell2?tpsha1=t1')}`,
    )
    expect(crossDomainEntry(config, '/upsell2', '?token=aaa.bbb.ccc&xd=1')).toBe(
      '/token/callback/aaa.bbb.ccc?redirect=%2Fupsell2',
    )
  })
  it('does nothing without xd=1, without a token, or with something that is not a token', () => {
    expect(crossDomainEntry(config, '/upsell2', '?token=aaa.bbb.ccc')).toBeNull()
    expect(crossDomainEntry(config, '/upsell2', '?xd=1')).toBeNull()
    expect(crossDomainEntry(config, '/upsell2', '?xd=1&token=../../x')).toBeNull()
    expect(crossDomainEntry(config, '/upsell2', '?xd=1&token=a%2Fb')).toBeNull()
  })
})
