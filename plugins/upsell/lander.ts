import { constants, formatCents, type Lander, localeOf, type PlanId, PlanIds } from '@core'
export type StepBlock = Lander['steps'][number]['block']
export type Step = Lander['steps'][number]
export type Offer = Lander['offer']

/**
 * Blocks shown beside every step rather than as a step of their own: the offer terms under the
 * form, the exit-intent overlay over the whole lander. A lander lists them in `steps` like the rest.
 */
export const COMPANION_BLOCKS: ReadonlySet<StepBlock> = new Set<StepBlock>(['offer-terms', 'exit-intent'])

/**
 * The plan a selling step (payment, upsell) sells: its `props.plan`, else the plan the lander's offer
 * names (the one whose prices its texts show; config:check keeps the two the same), else `fallback`.
 */
export function soldPlan(lander: { offer: Pick<Offer, 'plan'> }, step: Step, fallback: PlanId): PlanId {
  const named = step.props.plan ?? lander.offer.plan
  return (PlanIds as readonly unknown[]).includes(named) ? (named as PlanId) : fallback
}

/** The steps a visitor goes through, in order (companion blocks left out). */
export function flowSteps(lander: Pick<Lander, 'steps'>): Step[] {
  return lander.steps.filter((s) => !COMPANION_BLOCKS.has(s.block))
}

export function companionSteps(lander: Pick<Lander, 'steps'>): Step[] {
  return lander.steps.filter((s) => COMPANION_BLOCKS.has(s.block))
}

/**
 * The first step not finished yet: steps before `completed` are done, except that the sign-up step
 * is done exactly when the visitor is signed in (signing out sends them back to it).
 */
export function firstUnfinished(steps: readonly Step[], completed: number, signedIn: boolean): number {
  for (let i = 0; i < steps.length; i++) {
    const done = steps[i]!.block === 'signup' ? signedIn : i < completed
    if (!done) return i
  }
  return steps.length
}

/**
 * Which step to show for a requested one (0-based; undefined when the path has no :step): a step
 * beyond the first unfinished one is refused (`redirect`), an earlier or the current one is shown.
 */
export function resolveStep(
  requested: number | undefined,
  steps: readonly Step[],
  completed: number,
  signedIn: boolean,
): { index: number; redirect: boolean } {
  const first = Math.min(firstUnfinished(steps, completed, signedIn), Math.max(steps.length - 1, 0))
  if (requested === undefined) return { index: first, redirect: false }
  if (!Number.isInteger(requested) || requested < 0 || requested > first)
    return { index: first, redirect: true }
  return { index: requested, redirect: false }
}

/** Progress of one lander in this tab (session storage): how many flow steps were completed. */
export const progressStore = {
  key: (id: string) => `upsell_progress:${id}`,
  get(id: string): number {
    try {
      const n = Number(sessionStorage.getItem(progressStore.key(id)))
      return Number.isInteger(n) && n > 0 ? n : 0
    } catch {
      return 0
    }
  },
  /** Records step `index` as done (never lowers the count). */
  complete(id: string, index: number): number {
    const n = Math.max(progressStore.get(id), index + 1)
    try {
      sessionStorage.setItem(progressStore.key(id), String(n))
    } catch {
      // private mode: progress lives only as long as the page
    }
    return n
  },
}

/** Dollars of an offer field as the one money format shows them, with the offer's currency symbol. */
export function offerMoney(dollars: number | undefined, offer: Pick<Offer, 'currencySymbol'>, lng = 'en') {
  if (dollars === undefined) return ''
  const text = formatCents(Math.round(dollars * 100), lng)
  return offer.currencySymbol && offer.currencySymbol !== '$' ? text.replace('$', offer.currencySymbol) : text
}

/** The values every offer text may use: offer fields formatted, plus the spec's constants. */
export function offerValues(offer: Offer, lng = 'en'): Record<string, string | number> {
  return {
    trialDays: offer.trialDays ?? 0,
    price: offerMoney(offer.price ?? 0, offer, lng),
    planAmount: offerMoney(offer.planAmount, offer, lng),
    currencySymbol: offer.currencySymbol,
    firstOrderCashback: offerMoney(offer.firstOrderCashback, offer, lng),
    cashback: offerMoney(offer.cashbackOverride ?? offer.firstOrderCashback, offer, lng),
    cashbackOverride: offerMoney(offer.cashbackOverride, offer, lng),
    start_date: offer.start_date ?? '',
    merchant: offer.merchant ?? '',
    claimDays: constants.cashbackClaimWindowDays,
    minimumAge: constants.minimumAge,
    couponBonus: offerMoney(constants.couponBonusDollars, { currencySymbol: '$' }, lng),
  }
}

/** The day a trial that starts `now` ends (the server adds trial_days × 24 h too). */
export function trialEnd(trialDays: number, now = new Date()): Date {
  return new Date(now.getTime() + trialDays * 86_400_000)
}

export function formatDate(d: Date, lng = 'en'): string {
  return new Intl.DateTimeFormat(localeOf(lng), { dateStyle: 'long' }).format(d)
}
