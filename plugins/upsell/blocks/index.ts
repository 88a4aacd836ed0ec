import type { BlockLoaders } from './types'

/** One chunk per step block: a lander downloads only the blocks its steps use, when it needs them. */
export const blockLoaders: BlockLoaders = {
  'age-gate': () => import('./AgeGate'),
  signup: () => import('./Signup'),
  payment: () => import('./Payment'),
  eligibility: () => import('./Eligibility'),
  wheel: () => import('./Wheel'),
  quiz: () => import('./Quiz'),
  'exit-intent': () => import('./ExitIntent'),
  upsell: () => import('./Upsell'),
  'offer-terms': () => import('./OfferTerms'),
}
