import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatShortDate } from './dates'

describe('formatShortDate: one short-date format per language, kept', () => {
  afterEach(() => vi.restoreAllMocks())

  it('writes a date as toLocaleDateString does, in English and Spanish', () => {
    const d = new Date()
    for (const [lng, locale] of [
      ['en', 'en-US'],
      ['es', 'es-US'],
    ] as const)
      expect(formatShortDate(d, lng)).toBe(
        d.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
      )
  })

  it('makes no new format for the next dates of a language (a table of 25 rows writes 50)', () => {
    formatShortDate(new Date(), 'en')
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    for (let i = 0; i < 50; i++) formatShortDate(new Date(Date.now() - i * 86_400_000), 'en')
    expect(made).not.toHaveBeenCalled()
  })
})
