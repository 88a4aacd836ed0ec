import plansJson from '../../config/plans.json'
import { type PlanConfig, plansSchema } from '../../src/config/schemas/plans.ts'
import { formatProblem, jsonPath } from '../../src/shared/config-problem.ts'
import type { PlanId } from '../../src/shared/subscriptions.ts'

/**
 * The membership plans (config/plans.json, checked by config:check): the one source of their amount,
 * trial days and currency, for the server (subscribe, renewals, GET /api/plans) and for the landers
 * (config:check fills each lander's numbers from the plan it names). Read once at start-up: a wrong
 * file stops it with the problem, as config:check says it.
 *
 * Use: `planOf(body.plan).amountCents`, `planOf(id).trialDays`; `plans().map(planReply)` for /api/plans.
 */
export type Plan = PlanConfig

export function parsePlans(json: unknown): Plan[] {
  const r = plansSchema.safeParse(json)
  if (r.success) return r.data.plans
  const lines = r.error.issues.map((i) =>
    formatProblem({ file: 'config/plans.json', path: jsonPath(i.path), message: i.message }),
  )
  throw new Error(`config/plans.json is not valid:\n  - ${lines.join('\n  - ')}`)
}

const all: readonly Plan[] = Object.freeze(parsePlans(plansJson))
const byId = new Map(all.map((p) => [p.id, p]))

/** Every plan, in the order of config/plans.json. */
export function plans(): readonly Plan[] {
  return all
}

/** The plan with this id (config/plans.json has every plan the app sells: config:check and start-up). */
export function planOf(id: PlanId): Plan {
  const p = byId.get(id)
  if (!p) throw new Error(`No plan '${id}' in config/plans.json`)
  return p
}

/** A plan as GET /api/plans answers it (plugins/upsell/contract.ts Plan). */
export function planReply(p: Plan) {
  return { plan: p.id, price_cents: p.amountCents, trial_days: p.trialDays, currency: p.currency }
}
