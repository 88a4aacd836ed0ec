import { z } from 'zod'
import { routePath } from './common'

export const partnerSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/, { message: 'A partner id uses lower-case letters, digits and dashes.' }),
  partner_name: z.string().min(1),
  has_extension: z.boolean(),
  kind: z
    .enum(['standard', 'shipping'])
    .default('standard')
    .describe('A shipping partner gets its own terms and privacy pages.'),
  signOutPath: routePath
    .optional()
    .describe("Where a member lands after sign-out; the route named 'home' otherwise."),
})

/** config/partners.json: partner variants. */
export const partnersSchema = z.strictObject({
  $schema: z.string().optional(),
  partners: z.array(partnerSchema),
})
export type Partner = z.infer<typeof partnerSchema>
