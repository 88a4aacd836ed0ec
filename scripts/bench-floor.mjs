// The floor of the API bench (scripts/bench-api.ts): a bare Fastify server, no logger, no hook, that
// answers GET /api/stores with a constant JSON (the store-list page it is given, serialized on every
// request as any Fastify route does). Usage: PORT=3790 node scripts/bench-floor.mjs <body.json>
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const body = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const app = Fastify()
app.get('/api/stores', async () => body)
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.once('SIGTERM', () => app.close().then(() => process.exit(0)))
