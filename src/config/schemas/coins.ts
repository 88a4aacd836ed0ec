import { z } from 'zod'

const paramName = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,40}$/, { message: 'A parameter name uses letters, digits and underscores.' })

export const coinPlatformSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, { message: 'A platform id uses lower-case letters, digits, _ and -.' })
    .describe('The name in the postback URL (/api/postback/<id>) and in surveys.platform / offers.network.'),
  label: z.string().min(1).describe('Its name for people (the start-up summary, logs).'),
  kinds: z
    .array(z.enum(['survey', 'offer']))
    .min(1)
    .describe('What it reports: surveys, app and game offers, or both.'),
  secretEnv: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/, { message: 'An environment variable name, like COINS_SECRET_CINT.' })
    .describe('The environment variable holding its HMAC-SHA256 secret; without it the platform is off.'),
  development: z
    .boolean()
    .default(false)
    .describe('The development platform of this server (pages under /dev-platform/), not a partner.'),
  clickUrl: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Where a member starts: {attempt} is replaced by the attempt id (the subid). Without it the survey or offer click_url is used with the attempt parameter appended.',
    ),
  params: z
    .strictObject({
      attempt: paramName.describe('The subid we sent: our attempt id.'),
      transaction: paramName.describe("The platform's transaction id (unique per completion)."),
      amount: paramName.describe('Coins paid (an integer).'),
      status: paramName.describe('complete, reversal or screenout.'),
      signature: paramName.describe('Hex HMAC-SHA256 of the canonical string.'),
    })
    .describe('The names of the postback parameters this platform sends.'),
  events: z
    .strictObject({
      param: paramName.describe('The postback parameter that names the event (a game level, ...).'),
      names: z
        .array(
          z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/, {
            message: 'An event name uses letters, digits, _, . and - (at most 60).',
          }),
        )
        .min(1)
        .describe(
          'The events it pays for; each pays a member once per offer or survey. Any other event is refused.',
        ),
    })
    .optional()
    .describe(
      'For a platform that pays per event: a completion carrying the event parameter pays that event once per member and offer; one without it is the single completion (paid once too).',
    ),
  reply: z
    .enum(['text', 'json'])
    .describe('How it expects our answer: text "1" (ok) / "0" (refused), or JSON {"status": "ok"|"error"}.'),
})

/** config/coins.json: the survey and offer platforms that credit coins by signed postback. */
export const coinsConfigSchema = z
  .strictObject({
    $schema: z.string().optional(),
    platforms: z.array(coinPlatformSchema).min(1),
  })
  .superRefine((c, ctx) => {
    const seen = new Set<string>()
    c.platforms.forEach((p, i) => {
      if (seen.has(p.id))
        ctx.addIssue({
          code: 'custom',
          path: ['platforms', i, 'id'],
          message: `The platform '${p.id}' is listed twice.`,
        })
      seen.add(p.id)
      const names = [...Object.values(p.params), ...(p.events ? [p.events.param] : [])]
      if (new Set(names).size !== names.length)
        ctx.addIssue({
          code: 'custom',
          path: ['platforms', i, 'params'],
          message: 'Two parameters have the same name.',
        })
      if (p.events && new Set(p.events.names).size !== p.events.names.length)
        ctx.addIssue({
          code: 'custom',
          path: ['platforms', i, 'events', 'names'],
          message: 'An event is named twice.',
        })
    })
    if (c.platforms.filter((p) => p.development).length > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['platforms'],
        message: 'Only one platform can be the development one.',
      })
  })
export type CoinsConfig = z.infer<typeof coinsConfigSchema>
export type CoinPlatform = z.infer<typeof coinPlatformSchema>
