import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services.ts'

/** Issue 28, the staff console: sign-in, second factor, sessions, staff accounts, the audit log (helper 1). */
export async function staffAuthRoutes(_app: FastifyInstance, _s: Services) {}
