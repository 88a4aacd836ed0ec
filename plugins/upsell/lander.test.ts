import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  companionSteps,
  firstUnfinished,
  flowSteps,
  offerMoney,
  offerValues,
  progressStore,
  resolveStep,
  type Step,
  soldPlan,
  trialEnd,
} from './lander'

const step = (block: Step['block']): Step => ({ block, props: {} })
const steps = [step('age-gate'), step('signup'), step('payment')]

describe('lander steps', () => {
  it('companion blocks (offer terms, exit intent) are shown beside the flow, not as steps', () => {
    const l = { steps: [step('quiz'), step('offer-terms'), step('signup'), step('exit-intent')] }
    expect(flowSteps(l).map((s) => s.block)).toEqual(['quiz', 'signup'])
    expect(companionSteps(l).map((s) => s.block)).toEqual(['offer-terms', 'exit-intent'])
  })

  it('the sign-up step is done exactly when the visitor is signed in', () => {
    expect(firstUnfinished(steps, 0, false)).toBe(0)
    expect(firstUnfinished(steps, 1, false)).toBe(1)
    expect(firstUnfinished(steps, 2, false)).toBe(1) // signed out again: back to sign-up
    expect(firstUnfinished(steps, 1, true)).toBe(2)
    expect(firstUnfinished(steps, 0, true)).toBe(0) // the age gate still comes first
    expect(firstUnfinished(steps, 3, true)).toBe(3)
  })

  it('a jump past the first unfinished step is sent back to it; earlier steps may be revisited', () => {
    expect(resolveStep(2, steps, 0, false)).toEqual({ index: 0, redirect: true })
    expect(resolveStep(2, steps, 1, false)).toEqual({ index: 1, redirect: true })
    expect(resolveStep(0, steps, 1, false)).toEqual({ index: 0, redirect: false })
    expect(resolveStep(2, steps, 1, true)).toEqual({ index: 2, redirect: false })
    expect(resolveStep(Number.NaN, steps, 0, false)).toEqual({ index: 0, redirect: true })
    expect(resolveStep(-1, steps, 0, false)).toEqual({ index: 0, redirect: true })
    expect(resolveStep(undefined, steps, 1, true)).toEqual({ index: 2, redirect: false })
    // everything done: the last step, never past the end
    expect(resolveStep(undefined, steps, 3, true)).toEqual({ index: 2, redirect: false })
  })

  it('progress is kept per lander in session storage and never goes down', () => {
    sessionStorage.clear()
    expect(progressStore.get('x')).toBe(0)
    expect(progressStore.complete('x', 1)).toBe(2)
    expect(progressStore.complete('x', 0)).toBe(2)
    expect(progressStore.get('x')).toBe(2)
    expect(progressStore.get('y')).toBe(0)
    sessionStorage.setItem(progressStore.key('z'), 'garbage')
    expect(progressStore.get('z')).toBe(0)
  })
})

describe('offer values', () => {
  it('formats offer amounts with the one money formatter and fills in the spec constants', () => {
    const v = offerValues({ currencySymbol: '$', trialDays: 7, planAmount: 12.99, firstOrderCashback: 25 })
    expect(v).toMatchObject({
      trialDays: 7,
      planAmount: '$12.99',
      firstOrderCashback: '$25.00',
      cashback: '$25.00',
      price: '$0.00',
      claimDays: 30,
      minimumAge: 18,
      couponBonus: '$5.00',
    })
    expect(offerValues({ currencySymbol: '$', firstOrderCashback: 10, cashbackOverride: 15 }).cashback).toBe(
      '$15.00',
    )
    expect(offerMoney(4.99, { currencySymbol: '£' })).toBe('£4.99')
    expect(offerMoney(undefined, { currencySymbol: '$' })).toBe('')
  })

  it('the trial ends trialDays × 24 h after it starts, as the server computes it', () => {
    const now = new Date('2030-01-30T10:00:00Z')
    expect(trialEnd(7, now).toISOString()).toBe('2030-02-06T10:00:00.000Z')
  })
})

describe('the plan a step sells', () => {
  const lander = (plan?: string) => ({ offer: { currencySymbol: '$', ...(plan ? { plan } : {}) } })
  it("is the step's props.plan, else the plan the lander's offer names (whose prices it shows), else the block's own", () => {
    expect(soldPlan(lander('shipping'), { block: 'payment', props: {} }, 'plus')).toBe('shipping')
    expect(soldPlan(lander('plus'), { block: 'upsell', props: {} }, 'shipping')).toBe('plus')
    expect(soldPlan(lander('plus'), { block: 'upsell', props: { plan: 'shipping' } }, 'shipping')).toBe(
      'shipping',
    )
    expect(soldPlan(lander(), { block: 'payment', props: {} }, 'plus')).toBe('plus')
    expect(soldPlan(lander('gold'), { block: 'payment', props: {} }, 'plus')).toBe('plus')
  })
})

describe('config/landers.json and the upsell texts', () => {
  const root = resolve(import.meta.dirname, '../..')
  const landers = JSON.parse(readFileSync(resolve(root, 'config/landers.json'), 'utf8')) as {
    landers: { id: string; steps: { block: string }[]; copy: Record<string, string> }[]
  }
  const texts = (lng: string) => JSON.parse(readFileSync(resolve(root, `locales/${lng}/upsell.json`), 'utf8'))
  const lookup = (obj: unknown, key: string) =>
    key
      .split('.')
      .reduce<unknown>(
        (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
        obj,
      )

  it.each(['en', 'es'])('every copy key of every lander has a %s text', (lng) => {
    const t = texts(lng)
    const missing = landers.landers.flatMap((l) =>
      Object.values(l.copy)
        .filter((k) => k.startsWith('upsell:'))
        .filter((k) => typeof lookup(t, k.slice('upsell:'.length)) !== 'string'),
    )
    expect(missing).toEqual([])
  })

  it.each(['en', 'es'])('every step block has a %s step title', (lng) => {
    const t = texts(lng)
    const blocks = new Set(landers.landers.flatMap((l) => l.steps.map((s) => s.block)))
    expect([...blocks].filter((b) => typeof t.steps?.[b]?.title !== 'string')).toEqual([])
  })
})
