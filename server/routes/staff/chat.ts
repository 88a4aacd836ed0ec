import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services.ts'

/** Issue 28, the staff console: the live chat, agent side, and the event streams of both sides (helper 3). */
export async function staffChatRoutes(_app: FastifyInstance, _s: Services) {}
