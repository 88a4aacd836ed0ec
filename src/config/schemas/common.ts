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
