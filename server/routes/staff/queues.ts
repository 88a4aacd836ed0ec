import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services.ts'

/** Issue 28, the staff console: payouts, rebate claims, missing cash-back inquiries, protection claims (helper 2). */
export async function staffQueueRoutes(_app: FastifyInstance, _s: Services) {}
