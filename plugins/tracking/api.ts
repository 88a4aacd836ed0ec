import type { HttpClient } from '@core'
import type { GetCookieReply } from './contract'

/** The tracking plugin's calls, through the core HTTP client (the replies are checked where they are read). */
export const trackingApi = (http: HttpClient) => ({
  /** The landing's cookie call: its reply may carry the visitor's country (SPEC 7). */
  getCookie: () => http.post<Partial<GetCookieReply>>('/api/get-cookie'),
  /** The registration and conversion pixels of a transaction (GET /landers/load-pixel). */
  loadPixel: (params: Record<string, string>) => http.get<unknown>('/landers/load-pixel', { params }),
  /** Conversion and/or global-delayed pixels, posted as a form as the spec says (POST /api/load-pixels). */
  loadPixels: (form: URLSearchParams) =>
    http.post<unknown>('/api/load-pixels', form.toString(), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
})
