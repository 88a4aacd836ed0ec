import type { BrandCheck } from '../context'
import { withPlans } from '../lander-plans'

/** The numbers a lander shows are those of the plan it names (config/plans.json). */
export const landerPlans: BrandCheck = (ctx, problems) => {
  if (ctx.files.landers) withPlans(ctx.files.landers, ctx.files.plans, problems)
}
