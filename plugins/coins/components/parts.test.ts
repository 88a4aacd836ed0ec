import { describe, expect, it } from 'vitest'
import { formatTenths } from './parts'

describe('a survey card’s numbers (coins per minute) without Intl (issue 30)', () => {
  it('writes at most one decimal as Intl writes it in English and Spanish', () => {
    for (const locale of ['en-US', 'es-US']) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
      const lng = locale === 'es-US' ? 'es' : 'en'
      for (let i = 0; i <= 20000; i += 7) {
        const n = i / 100
        expect(formatTenths(n, lng), `${n}`).toBe(intl.format(n))
      }
      for (const n of [0.05, 0.15, 1.05, 1.15, 2.25, 999.95, 1234.5, 12345.67, -3.2, -0.04])
        expect(formatTenths(n, lng), `${n}`).toBe(intl.format(n))
    }
  })
})
