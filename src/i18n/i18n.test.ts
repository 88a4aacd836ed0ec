import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { constants } from '../config/constants'
import { createI18n, detectLanguage } from '.'
import { createMissingReporter } from './missing'

const root = resolve(import.meta.dirname, '../..')

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix]
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('every English text has a Spanish one (SPEC 1 languages)', () => {
  const files = readdirSync(join(root, 'locales/en')).filter((f) => f.endsWith('.json'))
  it.each(files)('%s', (file) => {
    const en = keys(JSON.parse(readFileSync(join(root, 'locales/en', file), 'utf8')))
    const es = new Set(keys(JSON.parse(readFileSync(join(root, 'locales/es', file), 'utf8'))))
    expect(en.filter((k) => !es.has(k))).toEqual([])
  })
})

describe('language switch (SPEC 1: lang=es, stored as es)', () => {
  it('?lang=es switches to Spanish and stores es', () => {
    expect(detectLanguage('?lang=es', ['en', 'es'])).toBe('es')
    expect(localStorage.getItem(constants.storageKeys.locale)).toBe('es')
    expect(detectLanguage('', ['en', 'es'])).toBe('es')
  })
  it('falls back to English for unknown or absent values', () => {
    expect(detectLanguage('?lang=fr', ['en', 'es'])).toBe('en')
  })
})

describe('missing Spanish text (SPEC 1, 8, 9)', () => {
  it('is reported at most once per text per minute, flagged under translations_es', () => {
    let now = 0
    const report = vi.fn()
    const r = createMissingReporter(report, () => now)
    r.missing('Hello')
    r.missing('Hello')
    expect(report).toHaveBeenCalledTimes(1)
    expect(JSON.parse(localStorage.getItem(constants.translationCacheKey)!)).toHaveProperty('Hello')
    now += constants.missingTranslationFlagMinutes * 60_000
    r.missing('Hello')
    expect(report).toHaveBeenCalledTimes(2)
  })
  it('survives an unreadable flag cache', () => {
    localStorage.setItem(constants.translationCacheKey, 'nope')
    const report = vi.fn()
    createMissingReporter(report).missing('x')
    expect(report).toHaveBeenCalledWith('x')
  })
  it('falls back to English and reports the English text', async () => {
    const report = vi.fn()
    const locales = new Map([
      [
        'demo',
        {
          en: async () => ({ default: { greet: 'Hello', both: 'Yes' } }),
          es: async () => ({ default: { both: 'Sí' } }),
        },
      ],
    ])
    const { i18n } = await createI18n({
      locales,
      language: 'es',
      languages: ['en', 'es'],
      report,
      namespaces: ['demo'],
    })
    expect(i18n.t('demo:both')).toBe('Sí')
    expect(report).not.toHaveBeenCalled()
    expect(i18n.t('demo:greet')).toBe('Hello')
    expect(report).toHaveBeenCalledWith('Hello')
  })
  it('a text looked up in several namespaces in turn is missing only when no namespace has it in Spanish', async () => {
    const report = vi.fn()
    const texts = (en: Record<string, string>, es: Record<string, string>) => ({
      en: async () => ({ default: en }),
      es: async () => ({ default: es }),
    })
    const locales = new Map([
      ['shop', texts({ title: 'Shop' }, { title: 'Tienda' })],
      ['shop-pages', texts({ apps: 'Apps', only: 'Only English' }, { apps: 'Aplicaciones' })],
    ])
    const { i18n } = await createI18n({
      locales,
      language: 'es',
      languages: ['en', 'es'],
      report,
      namespaces: ['shop', 'shop-pages'],
    })
    const t = i18n.getFixedT('es', ['shop', 'shop-pages'])
    expect([t('title'), t('apps')]).toEqual(['Tienda', 'Aplicaciones'])
    expect(report).not.toHaveBeenCalled()
    expect(t('only')).toBe('Only English')
    expect(report).toHaveBeenCalledWith('Only English')
  })
})
