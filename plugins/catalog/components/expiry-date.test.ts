import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/catalog.json'
import pagesEn from '../../../locales/en/catalog-pages.json'
import coreEn from '../../../locales/en/core.json'
import es from '../../../locales/es/catalog.json'
import pagesEs from '../../../locales/es/catalog-pages.json'
import coreEs from '../../../locales/es/core.json'
import { expiryDate } from './Coupons'
import { historyDay, historyMonth } from './RateHistory'

/** Dates around today's year; the limits of what is written from the texts (years 1 to 9999) beside them. */
const year = new Date().getFullYear()

const texts = i18next.createInstance()
await texts.init({
  lng: 'en',
  // the core's texts (month names, the short date) are loaded before any screen's
  resources: {
    en: { core: coreEn, catalog: en, 'catalog-pages': pagesEn },
    es: { core: coreEs, catalog: es, 'catalog-pages': pagesEs },
  },
  defaultNS: 'catalog',
  interpolation: { escapeValue: false },
})

describe('a coupon expiry date, written from the texts instead of a first Intl date format', () => {
  for (const [lng, locale] of [
    ['en', 'en-US'],
    ['es', 'es-US'],
  ] as const) {
    it(`is what Intl writes in ${locale}, every month, short and long days, years 1 to 9999`, () => {
      const t = texts.getFixedT(lng, 'catalog')
      const intl = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' })
      const dates = [
        ...Array.from({ length: 12 }, (_, m) => new Date(year + 1, m, m === 1 ? 28 : 31, 23, 59)),
        ...Array.from({ length: 12 }, (_, m) => new Date(year, m, 1)),
        new Date(Date.UTC(year, 11, 31, 23, 59, 59)),
        new Date(999, 0, 5),
        new Date(9999, 11, 31),
      ]
      for (const d of dates) expect(expiryDate(d, lng, t), d.toISOString()).toBe(intl.format(d))
    })
  }
  it('leaves other years to Intl, and an unreadable date reads as toLocaleDateString has it', () => {
    const t = texts.getFixedT('en', 'catalog')
    const far = new Date(12345, 0, 1)
    expect(expiryDate(far, 'en', t)).toBe(
      far.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    )
    expect(expiryDate(new Date('nope'), 'en', t)).toBe('Invalid Date')
  })
})

describe("the rate history's dates, written from the texts", () => {
  for (const [lng, locale] of [
    ['en', 'en-US'],
    ['es', 'es-US'],
  ] as const) {
    it(`are what Intl writes in ${lng}: month and year, and the table's day`, () => {
      // the store page's texts: 'catalog', then 'catalog-pages' (../texts.ts)
      const t = texts.getFixedT(lng, ['catalog', 'catalog-pages'])
      const dates = [
        ...Array.from({ length: 12 }, (_, m) => new Date(year, m, m === 1 ? 28 : 31, 23, 59)),
        new Date(year + 1, 0, 5),
        new Date(999, 0, 1),
        new Date(9999, 11, 31),
      ]
      for (const d of dates) {
        expect(historyMonth(d, lng, t), d.toISOString()).toBe(
          d.toLocaleDateString(locale, { month: 'short', year: 'numeric' }),
        )
        expect(historyDay(d, lng, t), d.toISOString()).toBe(d.toLocaleDateString(lng))
      }
      const far = new Date(12345, 0, 1)
      expect(historyDay(far, lng, t)).toBe(far.toLocaleDateString(lng))
    })
  }
})
