import { z } from 'zod/mini'
import { docs } from './route.ts'

type Json = Record<string, unknown>

function schemaOf(s: z.ZodMiniType, io: 'input' | 'output'): Json {
  try {
    const j = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Json
    delete j.$schema
    return j
  } catch {
    return {}
  }
}

function parameters(s: z.ZodMiniType | undefined, where: 'query' | 'path'): Json[] {
  if (!s) return []
  const j = schemaOf(s, 'input')
  const props = (j.properties ?? {}) as Record<string, Json>
  const req = new Set((j.required ?? []) as string[])
  return Object.entries(props).map(([name, schema]) => ({
    name,
    in: where,
    required: where === 'path' || req.has(name),
    schema,
  }))
}

let cached: Json | undefined

/** OpenAPI 3.1 built from the registered routes and their zod contracts. */
export function openApiDocument(): Json {
  if (cached) return cached
  const paths: Record<string, Record<string, Json>> = {}
  const errors = {
    description: 'Invalid input: { code, errors: { field: [messages] }, codes: { field: code } }',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } },
  }
  for (const d of docs) {
    const p = d.url.replace(/:([A-Za-z_]+)/g, '{$1}')
    const responses: Record<string, Json> = {}
    responses[d.replies?.[204] ? '204' : '200'] = d.reply
      ? { description: 'OK', content: { 'application/json': { schema: schemaOf(d.reply, 'output') } } }
      : { description: d.replies?.[204] ?? 'OK' }
    for (const [code, text] of Object.entries(d.replies ?? {})) {
      if (code !== '204' && code !== '200') responses[code] = { description: text }
    }
    if (d.body || d.query || d.params) responses['422'] = errors
    if (d.auth === 'required') responses['401'] = { description: 'Not signed in' }
    const op: Json = {
      tags: [d.tag],
      summary: d.summary,
      operationId: `${d.method.toLowerCase()}${p.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters: [...parameters(d.params, 'path'), ...parameters(d.query, 'query')],
      responses,
    }
    if (d.auth) op.security = d.auth === 'required' ? [{ bearer: [] }] : [{}, { bearer: [] }]
    if (d.body) {
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(d.body, 'input') } },
      }
    }
    paths[p] = { ...(paths[p] ?? {}), [d.method.toLowerCase()]: op }
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Rewards reference API',
      version: '1.0.0',
      description:
        'The calls of the rewards web app. Money in integer cents; percent rates in basis points. Errors are { code, errors: { field: [English messages] }, codes: { field: code } }: a client shows its own text for a code it knows, else the message.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Errors: {
          type: 'object',
          properties: {
            code: { type: 'string', description: "The first field's code (stable, snake_case)" },
            errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
            codes: { type: 'object', additionalProperties: { type: 'string' } },
          },
          required: ['code', 'errors', 'codes'],
        },
      },
    },
    paths,
  }
  return cached
}
