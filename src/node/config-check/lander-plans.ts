import type { Lander, LandersConfig } from '../../config/schemas/landers'
import { currencySymbolOf, type PlanConfig } from '../../config/schemas/plans'
import type { Problem } from '../../shared/config-problem'

const FILE = 'config/landers.json'

/** Dollars as a marketer writes them: 12.99, 0, 5. */
const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2))

/** The step blocks that sell a plan (their `props.plan` names it). */
const SELLING = new Set(['payment', 'upsell'])

/**
 * Landers name a plan of config/plans.json (`offer.plan`); the numbers their texts show (planAmount,
 * trialDays, price: what is charged today) come from it. A lander may still write a number, but
 * config:check refuses it when the plan says otherwise, and refuses a plan that does not exist or a
 * selling step whose `props.plan` is another plan. Returns the landers with their offers filled.
 */
export function withPlans(
  config: LandersConfig,
  plans: readonly PlanConfig[] | undefined,
  problems: Problem[],
): LandersConfig {
  const byId = new Map((plans ?? []).map((p) => [p.id as string, p]))
  const landers = config.landers.map((l, i): Lander => {
    const id = l.offer.plan
    if (id === undefined) return l
    const at = (field: string) => `landers[${i}].offer.${field}`
    const plan = byId.get(id)
    if (!plan) {
      // without config/plans.json its own problem is reported; no second one per lander
      if (plans)
        problems.push({
          file: FILE,
          path: at('plan'),
          message: `There is no plan '${id}' in config/plans.json (plans: ${[...byId.keys()].join(', ')}).`,
        })
      return l
    }
    const today = plan.trialDays > 0 ? 0 : plan.amountCents
    const where = `its plan '${plan.id}' in config/plans.json`
    const fix = 'remove the number (the plan fills it) or name another plan.'
    const o = l.offer
    if (o.planAmount !== undefined && Math.round(o.planAmount * 100) !== plan.amountCents)
      problems.push({
        file: FILE,
        path: at('planAmount'),
        message: `This lander says ${o.planAmount} a month, but ${where} charges ${dollars(plan.amountCents)}: ${fix}`,
      })
    if (o.trialDays !== undefined && o.trialDays !== plan.trialDays)
      problems.push({
        file: FILE,
        path: at('trialDays'),
        message: `This lander says a ${o.trialDays}-day trial, but ${where} gives ${plan.trialDays} days: ${fix}`,
      })
    if (o.price !== undefined && Math.round(o.price * 100) !== today)
      problems.push({
        file: FILE,
        path: at('price'),
        message: `This lander says ${o.price} today, but ${where} charges ${dollars(today)} today: ${fix}`,
      })
    const symbol = currencySymbolOf(plan.currency)
    if (o.currencySymbol !== symbol)
      problems.push({
        file: FILE,
        path: at('currencySymbol'),
        message: `This lander shows '${o.currencySymbol}', but ${where} is in ${plan.currency} ('${symbol}'): set "currencySymbol": "${symbol}".`,
      })
    l.steps.forEach((step, j) => {
      const sold = step.props.plan
      if (SELLING.has(step.block) && sold !== undefined && sold !== plan.id)
        problems.push({
          file: FILE,
          path: `landers[${i}].steps[${j}].props.plan`,
          message: `This step sells the plan '${String(sold)}', but the offer names '${plan.id}': the lander's prices would not be what it charges. Make them the same.`,
        })
    })
    return {
      ...l,
      offer: { ...o, planAmount: plan.amountCents / 100, trialDays: plan.trialDays, price: today / 100 },
    }
  })
  return { ...config, landers }
}
