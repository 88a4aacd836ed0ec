import axios, { type AxiosInstance, type AxiosRequestConfig, isAxiosError } from 'axios'
import { dataKey, type FirstDataMap } from '../first-paint/data'
import { HttpError } from './errors'

export { HttpError, type HttpErrorKind } from './errors'

export const TIMEOUT_MS = 15_000

function serverErrors(data: unknown): Record<string, string[]> | undefined {
  if (typeof data !== 'object' || data === null || !('errors' in data)) return undefined
  const e = (data as { errors: unknown }).errors
  if (typeof e !== 'object' || e === null) return undefined
  const out: Record<string, string[]> = {}
  for (const [k, v] of Object.entries(e)) {
    if (Array.isArray(v)) out[k] = v.map(String)
    else if (typeof v === 'string') out[k] = [v]
  }
  return out
}

export function normaliseError(e: unknown): HttpError {
  if (e instanceof HttpError) return e
  if (isAxiosError(e)) {
    if (e.response) {
      return new HttpError(
        `Request failed with status code ${e.response.status}`,
        'status',
        e.response.status,
        serverErrors(e.response.data),
        e.response.data,
      )
    }
    if (e.code === 'ECONNABORTED' && /timeout/i.test(e.message)) return new HttpError(e.message, 'timeout')
    if (e.code === 'ETIMEDOUT') return new HttpError(e.message, 'timeout')
    if (e.code === 'ERR_CANCELED' || e.code === 'ECONNABORTED')
      return new HttpError('Request aborted', 'aborted')
    return new HttpError('Network Error', 'network')
  }
  return new HttpError('Network Error', 'network')
}

export interface HttpClient {
  readonly axios: AxiosInstance
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>
  setBearer(token: string): void
  clearBearer(): void
  /** Sends a small JSON body that survives page unload (navigator.sendBeacon), falling back to fetch keepalive. */
  beacon(url: string, body: unknown): void
}

/**
 * The one HTTP client of the app. `firstData`: the replies the server drew the page from
 * (src/first-paint/data.ts); a GET of the same path and query is answered from its successful reply
 * once, without a call (the server asked with the visitor's login cookie, so a member's are their own).
 */
export function createHttpClient(baseURL: string, firstData?: FirstDataMap): HttpClient {
  const instance = axios.create({ baseURL, timeout: TIMEOUT_MS, headers: { Accept: 'application/json' } })
  instance.interceptors.response.use(undefined, (e) => Promise.reject(normaliseError(e)))
  const base = baseURL.replace(/\/$/, '')
  const unused = new Map(Object.entries(firstData ?? {}).filter(([, r]) => r.status >= 200 && r.status < 300))
  const fromPage = (url: string, config?: AxiosRequestConfig): unknown => {
    if (!unused.size) return undefined
    const key = dataKey(url, config?.params as Record<string, string | number | undefined> | undefined)
    const hit = unused.get(key)
    if (!hit) return undefined
    unused.delete(key)
    return hit.body
  }
  return {
    axios: instance,
    get: (url, config) => {
      const body = fromPage(url, config)
      if (body !== undefined) return Promise.resolve(body as never)
      return instance.get(url, config).then((r) => r.data)
    },
    post: (url, body, config) => instance.post(url, body, config).then((r) => r.data),
    setBearer(token) {
      instance.defaults.headers.common.Authorization = `Bearer ${token}`
    },
    clearBearer() {
      delete instance.defaults.headers.common.Authorization
    },
    beacon(url, body) {
      const full = /^https?:/.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`
      const blob = new Blob([JSON.stringify(body)], { type: 'application/json' })
      try {
        if (globalThis.navigator?.sendBeacon?.(full, blob)) return
      } catch {
        // fall through to fetch
      }
      try {
        void fetch(full, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'Content-Type': 'application/json' },
          keepalive: true,
          credentials: 'include',
        }).catch(() => {})
      } catch {
        // a beacon that fails is dropped quietly
      }
    },
  }
}
