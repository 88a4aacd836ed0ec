import { z } from 'zod'

/**
 * Where the linked-accounts service lives unless an environment says otherwise: the API server serves
 * it under this path (server/routes/protection.ts registers its routes from this constant).
 */
export const DEFAULT_LINKED_ACCOUNTS_BASE = '/api/linked'

/** config/app.json: environments and where the API lives. */
export const appSchema = z.strictObject({
  $schema: z.string().optional(),
  defaultBrand: z.string().min(1),
  defaultEnvironment: z.string().min(1),
  languages: z.array(z.enum(['en', 'es'])).min(1),
  environments: z.record(
    z
      .string()
      .regex(/^[a-z0-9]+$/, { message: 'An environment name uses lower-case letters and digits only.' }),
    z.strictObject({
      apiBaseUrl: z.string().describe('Base address of the API; empty means the same host as the site.'),
      cookiePrefix: z
        .string()
        .describe("Prefix for every cookie name, e.g. 'qa1_'. Empty in production.")
        .default(''),
      linkedAccountsBaseUrl: z
        .string()
        .describe(
          'Base address of the linked-accounts service; the client calls {base}/accounts with credentials. A path is on the API host.',
        )
        .default(DEFAULT_LINKED_ACCOUNTS_BASE),
    }),
  ),
})
export type AppConfig = z.infer<typeof appSchema>
