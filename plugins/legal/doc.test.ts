import { describe, expect, it } from 'vitest'
import { composeDoc, isInternalHref, type LegalDoc } from './doc'

const sec = (id: string) => ({ id, heading: id.toUpperCase(), body: [id] })
const base: LegalDoc = { title: 'Base', sections: ['a', 'b', 'c', 'd'].map(sec) }

describe('composeDoc', () => {
  it("appends the base's shared sections in the order named, skipping unknown ids", () => {
    const v: LegalDoc = { title: 'V', sections: [sec('x')], shared: ['c', 'a', 'nope'] }
    expect(composeDoc(v, base).sections.map((s) => s.id)).toEqual(['x', 'c', 'a'])
  })
  it('orders own and shared sections by `order`, the rest last', () => {
    const v: LegalDoc = {
      title: 'V',
      sections: [sec('x'), sec('y')],
      shared: ['a', 'b'],
      order: ['a', 'x', 'b'],
    }
    expect(composeDoc(v, base).sections.map((s) => s.id)).toEqual(['a', 'x', 'b', 'y'])
  })
  it('keeps the title of the variant', () => {
    expect(composeDoc({ title: 'V', sections: [] }, base).title).toBe('V')
  })
})

describe('isInternalHref', () => {
  it('is true for app paths only', () => {
    expect(isInternalHref('/faq#x')).toBe(true)
    expect(isInternalHref('//evil.example')).toBe(false)
    expect(isInternalHref('https://ico.org.uk/')).toBe(false)
    expect(isInternalHref('mailto:a@b.c')).toBe(false)
  })
})
