import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import en from '../../locales/en/core.json'
import es from '../../locales/es/core.json'
import { dateParts, formatShortDate } from './dates'

/** Dates around today's year; the limits of what the texts write (years 1 to 9999) beside them. */
const year = new Date().getFullYear()

const texts = i18next.createInstance()
await texts.init({
  lng: 'en',
  resources: { en: { core: en, account: {} }, es: { core: es, account: {} } },
  interpolation: { escapeValue: false },
})
// what a plugin's screen passes: its own namespace's t, of the same texts
const tOf = (lng: string) => texts.getFixedT(lng, 'account')

describe('formatShortDate: a short date from the core texts, as Intl writes it', () => {
  afterEach(() => vi.restoreAllMocks())

  for (const [lng, locale] of [
    ['en', 'en-US'],
    ['es', 'es-US'],
  ] as const) {
    it(`writes what toLocaleDateString writes in ${locale}: every month, short and long days, years 1 to 9999`, () => {
      const dates = [
        new Date(),
        ...Array.from({ length: 12 }, (_, m) => new Date(year + 1, m, m === 1 ? 28 : 31, 23, 59)),
        ...Array.from({ length: 12 }, (_, m) => new Date(year, m, 1)),
        new Date(Date.UTC(year, 11, 31, 23, 59, 59)),
        new Date(999, 0, 5),
        new Date(9999, 11, 31),
      ]
      for (const d of dates)
        expect(formatShortDate(d, lng, tOf(lng)), d.toISOString()).toBe(
          d.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
        )
    })
  }

  it('makes no Intl date format for a page of dates (the purchase history writes 50)', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    for (let i = 0; i < 50; i++) formatShortDate(new Date(Date.now() - i * 86_400_000), 'es', tOf('es'))
    expect(made).not.toHaveBeenCalled()
  })

  it('leaves other years to Intl, one format per language kept, and throws on an unreadable date', () => {
    const far = new Date(12345, 0, 1)
    expect(formatShortDate(far, 'en', tOf('en'))).toBe(
      far.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    )
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    formatShortDate(new Date(12346, 0, 1), 'en', tOf('en'))
    expect(made).not.toHaveBeenCalled()
    expect(() => formatShortDate(new Date('nope'), 'en', tOf('en'))).toThrow(RangeError)
  })

  it('gives no parts where texts lack the twelve month names', async () => {
    const bare = i18next.createInstance()
    await bare.init({ lng: 'en', resources: { en: { core: {} } } })
    expect(dateParts(new Date(), bare.getFixedT('en', 'core'))).toBeNull()
    expect(dateParts(new Date(year, 8, 2), tOf('es'))).toEqual({ year, month: 8, name: 'sept' })
  })
})
