import { describe, expect, it } from 'vitest'
import { localeOf } from './locale'

describe('localeOf: the one locale a page language writes numbers and dates in', () => {
  it('writes Spanish as in the United States, whatever the region the language names', () => {
    expect(localeOf('es')).toBe('es-US')
    expect(localeOf('es-MX')).toBe('es-US')
  })
  it('writes every other language as American English', () => {
    expect(localeOf('en')).toBe('en-US')
    expect(localeOf('fr')).toBe('en-US')
  })
})
