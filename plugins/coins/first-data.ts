import type { FirstDataRequest } from '@core'

/**
 * The GET the surveys page's first render reads: the server's drawing of /surveys (index.ts
 * `serverPaint`) makes this call, the screen asks for the same (api.ts), and the reply sent in the page
 * is its first state. Made with the request's login, so a member's page shows their own surveys.
 */
export const surveysRequest: FirstDataRequest = { path: '/api/surveys' }
