import type { FastifyInstance } from 'fastify'
import type { Services } from '../services.ts'

/**
 * Coins, the member's survey profile (issue 14): phone verification by SMS code, targeting answers,
 * and the precheck of a survey (what stands before it, and a better-paying survey).
 */
export async function coinsProfileRoutes(_app: FastifyInstance, _s: Services) {}
