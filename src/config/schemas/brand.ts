import { z } from 'zod'

const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: "A colour is written '#rrggbb', e.g. '#0a7d4f'." })

/** config/brands/<brand>.json: which plugins a brand ships, its partner and its look. */
export const brandSchema = z.strictObject({
  $schema: z.string().optional(),
  id: z.string().regex(/^[a-z0-9-]+$/, { message: 'A brand id uses lower-case letters, digits and dashes.' }),
  name: z.string().min(1),
  plugins: z.array(z.string().min(1)).min(1, { message: 'A brand must enable at least one plugin.' }),
  partner: z.string().nullable().default(null),
  defaultAuthPage: z.enum(['sm-login', 'sp-sm-login']).default('sm-login'),
  authModalVariant: z.enum(['classic', 'new']).default('classic'),
  analytics: z
    .strictObject({
      gtagId: z
        .string()
        .regex(/^G-[A-Z0-9]{4,20}$/, { message: "A Google tag id looks like 'G-ABC123XYZ'." })
        .describe('The analytics tag (gtag.js) this brand loads; without it no tag is loaded.'),
    })
    .optional()
    .describe('Optional analytics tag. The server CSP must allow its hosts before it can send anything.'),
  app: z
    .strictObject({
      scheme: z
        .string()
        .regex(/^[a-z][a-z0-9+.-]*$/, {
          message: "An app scheme is lower-case letters, digits, '+', '.' or '-', e.g. 'rewardsapp'.",
        })
        .describe("The app's URL scheme: deep links are '<scheme>://<Destination>?path=…'."),
      pages: z
        .array(
          z.strictObject({
            path: z
              .string()
              .regex(/^\/[^?#]*$/, { message: "A page the app owns is a path, e.g. '/account/withdrawal'." }),
            destination: z
              .string()
              .regex(/^[A-Za-z][A-Za-z0-9]*$/, {
                message: "A destination is a screen name, e.g. 'Withdrawal'.",
              })
              .optional()
              .describe("The app's screen; without it the default destination (constants.mobile)."),
            session: z
              .boolean()
              .optional()
              .describe("The app needs the session: a signed-in member's link carries a one-time code."),
          }),
        )
        .describe('Pages the app owns: with the mobile-app cookie on iOS or Android, they open in the app.'),
      destinations: z
        .array(z.string().min(1))
        .describe(
          'Destination names the app knows; a page whose destination is not listed stays on the web.',
        ),
    })
    .optional()
    .describe("The brand's mobile app, for deep links; without it no deep links at all."),
  theme: z.strictObject({
    primary: colour,
    primaryText: colour,
    accent: colour,
    background: colour,
    text: colour,
    radius: z.string().regex(/^\d+px$/, { message: "A radius is written in pixels, e.g. '8px'." }),
    logo: z
      .string()
      .regex(/^\/.+\.svg$/, { message: 'The logo is an SVG file under public/, e.g. /brand/default.svg.' }),
  }),
})
export type Brand = z.infer<typeof brandSchema>
