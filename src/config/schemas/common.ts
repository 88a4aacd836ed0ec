import { z } from 'zod'

/** A path the router understands: starts with '/', may hold :params, an optional `?` and a trailing `*`. */
export const routePath = z.string().regex(/^\/[A-Za-z0-9_\-./:?*{}]*$/, {
  message:
    "A path must start with '/' and use only letters, digits, - _ . / and :params (e.g. /stores/:category).",
})

export const screenId = z.string().regex(/^[a-z][a-z0-9-]*\/[A-Z][A-Za-z0-9]*$/, {
  message: "A screen is named 'plugin/ScreenName' (e.g. 'catalog/StoresPage').",
})

export const translationKey = z.string().regex(/^[a-z][a-z0-9-]*:[A-Za-z0-9_.-]+$/, {
  message:
    "A text is a translation key 'namespace:key' (e.g. 'upsell:spland1.title'), never the text itself.",
})

export const countryCode = z.enum(['AU', 'CA', 'NZ', 'GB', 'UK', 'US'], {
  message: 'The country must be one of AU, CA, NZ, GB, UK, US.',
})

/**
 * A route's name (routes.json and redirects.json `name`): how plugin code links to a page, so a path
 * can change in config alone. The path's segments in lower case joined by dashes, a param by its name,
 * '_' as '-': '/account/purchase-history' is 'account-purchase-history', '/p/:slug/:product_id' is
 * 'p-slug-product-id', '/' is 'home'. A name stays when its path changes (that is the point).
 */
export const routeName = z
  .string()
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, {
    message:
      "A route name is lower-case words with dashes, after its path (e.g. 'account-purchase-history').",
  })
  .describe(
    "The name plugin code links to this page by (pathTo, usePath, RouteLink, menu entries): the path's segments in lower case joined by dashes, a param by its name, e.g. 'account-purchase-history' for '/account/purchase-history', 'p-slug-product-id' for '/p/:slug/:product_id', 'home' for '/'. Keep the name when the path changes. config:check refuses a link to a name no route has.",
  )
