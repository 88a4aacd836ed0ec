import { constants } from '@core'
import { describe, expect, it } from 'vitest'
import legalEn from '../../locales/en/legal.json'
import legalEs from '../../locales/es/legal.json'
import { legalContacts } from './contacts'
import { type Block, composeDoc, isLegalDoc, type LegalDoc } from './doc'
import { makeI18n } from './test-utils'

const languages = { en: legalEn, es: legalEs } as const
const docsOf = (lng: keyof typeof languages) => languages[lng].docs as unknown as Record<string, LegalDoc>

function strings(block: Block): string[] {
  if (typeof block === 'string') return [block]
  if ('h3' in block) return [block.h3]
  if ('list' in block) return block.list
  if ('steps' in block) return block.steps
  if ('links' in block) return block.links.flatMap((l) => [l.label, l.href, l.note ?? ''])
  return [block.table.caption, ...block.table.head, ...block.table.rows.flat()]
}

const BASES: Record<string, string> = {
  termsShipping: 'terms',
  privacyUk: 'privacy',
  privacyShipping: 'privacy',
}

describe.each(Object.keys(languages) as (keyof typeof languages)[])('legal texts (%s)', (lng) => {
  const docs = docsOf(lng)

  it('every document has a title, and sections with unique, URL-safe ids', () => {
    for (const [key, doc] of Object.entries(docs)) {
      expect(isLegalDoc(doc), key).toBe(true)
      expect(doc.title.length, key).toBeGreaterThan(2)
      const composed = BASES[key] ? composeDoc(doc, docs[BASES[key]]!) : doc
      const ids = composed.sections.map((s) => s.id)
      expect(new Set(ids).size, `${key}: duplicate ids`).toBe(ids.length)
      for (const id of ids) expect(id, key).toMatch(/^[a-z][a-z0-9-]*$/)
      for (const id of doc.shared ?? [])
        expect(
          docs[BASES[key]!]!.sections.map((s) => s.id),
          key,
        ).toContain(id)
    }
  })

  it('has the substance of real pages: terms 10+ sections, FAQ 8+ questions', () => {
    expect(docs.terms!.sections.length).toBeGreaterThanOrEqual(10)
    expect(composeDoc(docs.termsShipping!, docs.terms!).sections.length).toBeGreaterThanOrEqual(10)
    expect(docs.faq!.sections.length).toBeGreaterThanOrEqual(8)
    expect(docs.howItWorks!.sections.map((s) => s.id)).toEqual(['join', 'shop', 'earn', 'get-paid'])
  })

  it('never hard-codes the offer numbers of SPEC 9: they are interpolated', () => {
    const all = Object.values(docs).flatMap((d) => d.sections.flatMap((s) => s.body.flatMap(strings)))
    const text = all.join('\n')
    expect(text).toContain('{{amount}}')
    expect(text).toContain('{{days}}')
    expect(text).toContain('{{age}}')
    expect(text).toContain('{{bonus}}')
    expect(text).not.toMatch(new RegExp(`\\$\\s?${constants.shippingRebateMaxPerMonth}\\b`))
    expect(text).not.toMatch(new RegExp(`\\b${constants.cashbackClaimWindowDays} days of signup`))
  })

  it('puts each value where its placeholder is in the terms, every time it occurs', async () => {
    const i18n = await makeI18n(lng)
    // values that occur nowhere in the texts, so each one found was put there by interpolation
    const vars = {
      ...legalContacts,
      days: 9173,
      age: 8147,
      bonus: '$71.93',
      amount: '$123.47',
      brand: 'Brandquokka',
      partner: 'Partnerquokka',
    }
    const count = (text: string, part: string) => text.split(part).length - 1
    for (const key of ['terms', 'termsShipping'] as const) {
      const raw = JSON.stringify(docs[key])
      const out = JSON.stringify(i18n.t(`legal:docs.${key}`, { ...vars, returnObjects: true }))
      expect(out.includes('{{'), key).toBe(false)
      for (const [name, value] of Object.entries(vars)) {
        expect(count(raw, String(value)), `${key}: ${name} already in the text`).toBe(0)
        expect(count(out, String(value)), `${key}: {{${name}}}`).toBe(count(raw, `{{${name}}}`))
      }
    }
    // the placeholders the numbers of SPEC 9 go into are there at all
    const both = JSON.stringify(docs.terms) + JSON.stringify(docs.termsShipping)
    for (const name of ['days', 'age', 'bonus', 'amount', 'partner'])
      expect(count(both, `{{${name}}}`), name).toBeGreaterThan(0)
  })
})
