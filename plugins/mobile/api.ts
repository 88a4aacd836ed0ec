import type { HttpClient } from '@core'

/** The mobile plugin's calls, through the core HTTP client. */
export const mobileApi = (http: HttpClient) => ({
  /** A one-time sign-in code for the app's deep link (checked against contract.ts where it is read). */
  code: () => http.post<unknown>('/api/mobile/code'),
})
