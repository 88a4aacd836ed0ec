import { z } from 'zod'

/**
 * config/networks.json (issue 26): the affiliate networks cash back comes from. A marketer adds a
 * network by JSON; config:check refuses an entry that does not fit. Each entry says how a member's
 * click is handed to the network (its sub-id parameter), how its postback names the conversion's
 * fields and statuses, how it signs, the columns of its commission report file, and the columns of its
 * program feed (the one import path of store rows).
 */
const paramName = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,60}$/, { message: 'A parameter name uses letters, digits, _, . and -.' })
const columnName = z.string().min(1).max(120)
const statusName = z.string().min(1).max(60)

export const networkSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, { message: 'A network id uses lower-case letters, digits, _ and -.' })
    .describe('The name in the postback URL (/api/networks/<id>/postback) and in stores.network.'),
  label: z.string().min(1).describe('Its name for people (the start-up summary, logs, staff).'),
  development: z
    .boolean()
    .default(false)
    .describe(
      'The development network of this server (pages under /dev-network/): a stand-in whose money is test money.',
    ),
  subIdParam: paramName.describe(
    "The tracking link's parameter that carries our click id (u1 at Rakuten, subId1 at Impact, sid at CJ).",
  ),
  secretEnv: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/, { message: 'An environment variable name, like NETWORK_SECRET_RAKUTEN.' })
    .describe('The environment variable holding its signing secret; without it its postbacks are refused.'),
  amounts: z
    .enum(['dollars', 'cents'])
    .describe('How it writes sale amounts and commissions: decimal dollars ("12.34") or whole cents.'),
  eventTime: z
    .enum(['iso', 'unix'])
    .describe('How it writes the event time: ISO 8601, or seconds since 1970.'),
  fields: z
    .strictObject({
      clickId: paramName.describe('Our click id as it echoes it back.'),
      orderId: paramName.describe("The store's order id (with the network, the conversion's key)."),
      sale: paramName.describe('The sale amount.'),
      commission: paramName.describe('Our commission.'),
      currency: paramName.describe('The currency (ISO 4217).'),
      status: paramName.describe('Its status of the order (mapped by statuses).'),
      eventTime: paramName.describe('When the order was placed.'),
      program: paramName.optional().describe("The store's program id at the network, when it sends it."),
    })
    .describe('The names its postback gives the fields of a conversion.'),
  statuses: z
    .strictObject({
      pending: z.array(statusName).min(1).describe('Statuses meaning tracked, not yet approved.'),
      confirmed: z.array(statusName).min(1).describe('Statuses meaning approved or locked.'),
      reversed: z.array(statusName).min(1).describe('Statuses meaning reversed, declined or returned.'),
    })
    .describe('Which of its statuses mean pending, approved or locked, and reversed.'),
  signature: z
    .discriminatedUnion('scheme', [
      z.strictObject({
        scheme: z
          .literal('hmac-sha256-query')
          .describe(
            'Hex HMAC-SHA256 of the canonical query (every parameter but the signature, sorted by name, name=value URL-encoded, joined by &).',
          ),
        param: paramName.describe('The parameter carrying the signature.'),
      }),
      z.strictObject({
        scheme: z.literal('hmac-sha256-body').describe('Hex HMAC-SHA256 of the raw request body.'),
        header: z
          .string()
          .regex(/^[A-Za-z0-9-]{1,60}$/)
          .describe('The header carrying the signature.'),
      }),
    ])
    .describe('How its postbacks are signed.'),
  report: z
    .strictObject({
      format: z.enum(['csv', 'json']).describe('CSV with a header line, or a JSON array of objects.'),
      columns: z
        .strictObject({
          clickId: columnName,
          orderId: columnName,
          sale: columnName,
          commission: columnName,
          currency: columnName.optional(),
          status: columnName,
          eventTime: columnName,
          program: columnName.optional(),
        })
        .describe('The column of each conversion field in its commission report file.'),
    })
    .optional()
    .describe('For a network that reports by file: its commission report (npm run import:report).'),
  feed: z
    .strictObject({
      format: z.enum(['csv', 'json']).describe('CSV with a header line, or a JSON array of objects.'),
      rates: z
        .enum(['units', 'decimal'], {
          message: "Rates are 'units' (250 = 2.5%, 500 = $5) or 'decimal' (2.5, 5.00).",
        })
        .default('units')
        .describe(
          "How it writes rates: 'units' (basis points of a percent, 250 = 2.5%, or cents when flat) or 'decimal' (2.5 for 2.5%, 5.00 for $5; a % or $ sign is allowed).",
        ),
      categoryMap: z
        .record(
          z.string().min(1),
          z.string().regex(/^[a-z0-9-]{1,40}$/, {
            message:
              "A store category is written as its slug (lower-case letters, digits and -, like 'fooddelivery').",
          }),
        )
        .optional()
        .describe(
          "Its category names mapped to our store categories' slugs; a row whose category is neither a slug nor mapped here is refused.",
        ),
      columns: z
        .strictObject({
          program: columnName.describe("The program id (the store's key at the network)."),
          slug: columnName
            .optional()
            .describe(
              "Our name for the store in its page's address (/<slug>-coupons); default: its name as a slug. Kept after the first import.",
            ),
          name: columnName,
          domain: columnName.describe("The store's domain (example.com)."),
          url: columnName
            .optional()
            .describe("The store's own site, without tracking (default: https://<domain>/)."),
          logo: columnName.describe('An https URL or a path on this site.'),
          category: columnName.describe(
            "The store's category: a slug of the store categories, or a name categoryMap maps.",
          ),
          benefitCategory: columnName
            .optional()
            .describe(
              'The Plus benefit category the store belongs to (fooddelivery, rideshare, ...), if any.',
            ),
          countries: columnName.describe('Country codes (a JSON array, or | separated in CSV).'),
          rateType: columnName.describe('percent or flat.'),
          rate: columnName.describe('The rate, written as `rates` says.'),
          plusRate: columnName.optional().describe('The Plus members rate, same unit; empty: the same rate.'),
          previousRate: columnName
            .optional()
            .describe(
              'The rate before, when it says (a first import takes it; later imports record changes themselves).',
            ),
          description: columnName.optional().describe('In English.'),
          descriptionEs: columnName.optional().describe('In Spanish (default: the English one).'),
          terms: columnName.describe('In English.'),
          termsEs: columnName.optional().describe('In Spanish (default: the English one).'),
          trackingUrl: columnName.describe(
            'The tracking link (a path on this server for the development network).',
          ),
          confirmationDays: columnName
            .optional()
            .describe('Days from an order to payable cash back; empty: the typical confirmation time.'),
          color: columnName.optional().describe('The tile colour, #rrggbb.'),
          flags: columnName
            .optional()
            .describe('Home page flags (top, loved): a JSON array, or | separated in CSV.'),
          plusOnly: columnName.optional().describe('true when only Plus members earn there.'),
          popularity: columnName.optional().describe('A whole number; higher comes first.'),
        })
        .describe(
          'The column of each store field in its program feed. A field left out here is kept as it is when a store is updated.',
        ),
    })
    .optional()
    .describe('Its program feed: store rows come in through this (npm run import:feed).'),
})

/** config/networks.json: the affiliate networks that report cash back. */
export const networksConfigSchema = z
  .strictObject({
    $schema: z.string().optional(),
    networks: z.array(networkSchema).min(1),
  })
  .superRefine((c, ctx) => {
    const seen = new Set<string>()
    c.networks.forEach((n, i) => {
      if (seen.has(n.id))
        ctx.addIssue({
          code: 'custom',
          path: ['networks', i, 'id'],
          message: `The network '${n.id}' is listed twice.`,
        })
      seen.add(n.id)
      const names = Object.values(n.fields)
      if (new Set(names).size !== names.length)
        ctx.addIssue({
          code: 'custom',
          path: ['networks', i, 'fields'],
          message: 'Two fields have the same name.',
        })
      const all = [...n.statuses.pending, ...n.statuses.confirmed, ...n.statuses.reversed]
      if (new Set(all.map((s) => s.toLowerCase())).size !== all.length)
        ctx.addIssue({
          code: 'custom',
          path: ['networks', i, 'statuses'],
          message: 'A status is listed under two meanings (or twice).',
        })
    })
    if (c.networks.filter((n) => n.development).length > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['networks'],
        message: 'Only one network can be the development one.',
      })
  })
export type NetworksConfig = z.infer<typeof networksConfigSchema>
export type Network = z.infer<typeof networkSchema>
