import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services.ts'

/** Issue 28, the staff console: member lookup, lock, adjustments with four eyes (helper 4). */
export async function staffMemberRoutes(_app: FastifyInstance, _s: Services) {}
