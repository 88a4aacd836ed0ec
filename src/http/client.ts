import type { AxiosAdapter, AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios'
import { dataKey, type FirstDataMap, type FirstDataRequest, pageFirstDataEnded } from '../first-paint/data'
import { yieldToMain } from '../tasks/boot-tasks'
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

/** axios's own test (its `isAxiosError`), without loading axios to ask it. */
const isAxiosError = (e: unknown): e is AxiosError =>
  typeof e === 'object' && e !== null && (e as { isAxiosError?: unknown }).isAxiosError === true

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
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>
  put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>
  delete<T>(url: string, config?: AxiosRequestConfig): Promise<T>
  /** A call whose whole reply is wanted (headers, a Blob body): the client's errors, timeout and bearer. */
  request<T>(config: AxiosRequestConfig): Promise<AxiosResponse<T>>
  setBearer(token: string): void
  clearBearer(): void
  /** Sends a small JSON body that survives page unload (navigator.sendBeacon), falling back to fetch keepalive. */
  beacon(url: string, body: unknown): void
}

export interface HttpClientOptions {
  /** Answers the calls instead of the network (tests). */
  adapter?: AxiosAdapter
}

let axiosModule: Promise<typeof import('axios')> | undefined
/**
 * axios loads with the first call that goes to the network, not with the page: a page drawn on the
 * server answers its first calls from the page (first data), so a visitor's first view of home makes
 * none and does not download axios (16 KB gzip). A failed load (offline) is a network error, tried
 * again on the next call.
 */
function loadAxios(): Promise<typeof import('axios')> {
  axiosModule ??= import(/* webpackChunkName: "lib-axios" */ 'axios')
    .then(async (m) => {
      // The chunk's evaluation and the first request are each tens of ms on a phone: the request goes
      // out in a task of its own (issue 30), not in one long task with the evaluation.
      await yieldToMain()
      return m
    })
    .catch((e: unknown) => {
      axiosModule = undefined
      throw e
    })
  return axiosModule
}

/**
 * The one HTTP client of the app. `firstData`: the replies the server drew the page from
 * (src/first-paint/data.ts); a GET of the same path and query is answered from its successful reply
 * once, without a call (the server asked with the visitor's login cookie, so a member's are their own).
 */
export function createHttpClient(
  baseURL: string,
  firstData?: FirstDataMap,
  options: HttpClientOptions = {},
): HttpClient {
  let bearer: string | undefined
  let instance: Promise<AxiosInstance> | undefined
  const axiosInstance = (): Promise<AxiosInstance> => {
    instance ??= loadAxios().then(
      ({ default: axios }) => {
        const i = axios.create({ baseURL, timeout: TIMEOUT_MS, headers: { Accept: 'application/json' } })
        if (options.adapter) i.defaults.adapter = options.adapter
        i.interceptors.request.use((c) => {
          if (bearer) c.headers.set('Authorization', `Bearer ${bearer}`)
          return c
        })
        i.interceptors.response.use(undefined, (e) => Promise.reject(normaliseError(e)))
        return i
      },
      () => {
        instance = undefined
        throw new HttpError('Network Error', 'network')
      },
    )
    return instance
  }
  const base = baseURL.replace(/\/$/, '')
  const unused = new Map(Object.entries(firstData ?? {}).filter(([, r]) => r.status >= 200 && r.status < 300))
  const fromPage = (key: string): unknown => {
    // once the app has left the page it was loaded at, nothing is answered from the page (its data was then)
    if (!unused.size || pageFirstDataEnded()) return undefined
    const hit = unused.get(key)
    if (!hit) return undefined
    unused.delete(key)
    return hit.body
  }
  const request = <T>(config: AxiosRequestConfig) => axiosInstance().then((i) => i.request<T>(config))
  const data = <T>(config: AxiosRequestConfig) => request<T>(config).then((r) => r.data)
  return {
    get: (url, config) => {
      const body = fromPage(dataKey(url, config?.params as FirstDataRequest['params']))
      if (body !== undefined) return Promise.resolve(body as never)
      return data({ ...config, method: 'get', url })
    },
    post: (url, body, config) => {
      if (body === undefined) {
        const answer = fromPage(dataKey(url, config?.params as FirstDataRequest['params'], 'POST'))
        if (answer !== undefined) return Promise.resolve(answer as never)
      }
      return data({ ...config, method: 'post', url, data: body })
    },
    put: (url, body, config) => data({ ...config, method: 'put', url, data: body }),
    delete: (url, config) => data({ ...config, method: 'delete', url }),
    request,
    setBearer(token) {
      bearer = token
    },
    clearBearer() {
      bearer = undefined
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
