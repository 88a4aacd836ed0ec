import { createContext, useContext } from 'react'
import { dataKey, type FirstDataRequest, requestKey } from './key'

export { dataKey, type FirstDataRequest, requestKey }

/**
 * First data: the API replies a page was drawn from on the server (src/node/page-paint.tsx), sent
 * in the page as JSON (`<script type="application/json" id="first-data">`). The app reads them twice:
 * a screen's first render draws from them (useFirstData), so it shows what the server drew, and the
 * HTTP client answers the same GET from them once (src/http/client.ts), so the data is not fetched a
 * second time. Keys are the path and its query, parameters sorted (dataKey).
 */
export interface FirstReply<T = unknown> {
  status: number
  body: T
}
export type FirstDataMap = Record<string, FirstReply>

export const FIRST_DATA_ID = 'first-data'

let fromPage: FirstDataMap | undefined

/** The first data in this page (read once; empty without one, or on the server). */
export function pageFirstData(doc: Document | undefined = globalThis.document): FirstDataMap {
  if (fromPage) return fromPage
  fromPage = {}
  const el = doc?.getElementById(FIRST_DATA_ID)
  if (el?.textContent) {
    try {
      const parsed = JSON.parse(el.textContent) as unknown
      if (parsed && typeof parsed === 'object') fromPage = parsed as FirstDataMap
    } catch {
      // a page without usable first data starts as any other: the screens fetch
    }
  }
  return fromPage
}

/**
 * The app has left the address it was loaded at (RootLayout, on the first navigation): the first data
 * told what that page showed when it was drawn, so from now on every screen, that page's own again
 * included, loads its own (a member's ledger after a withdrawal is not the ledger the page was drawn with).
 */
export function endPageFirstData(): void {
  fromPage = {}
  ended = true
}
let ended = false

/** Whether the app has left the address it was loaded at (the HTTP client then answers nothing from the page). */
export function pageFirstDataEnded(): boolean {
  return ended
}

/** For tests: forget the page's first data. */
export function resetPageFirstData(): void {
  fromPage = undefined
  ended = false
}

const FirstDataContext = createContext<FirstDataMap | null>(null)
/** The server render gives each request's replies; in the browser the page's are used. */
export const FirstDataProvider = FirstDataContext.Provider

/**
 * The reply a GET had when the page was drawn, if it was: a screen draws from it until its own state
 * has the data (the same reply the HTTP client will hand it), so its first render matches the HTML.
 */
export function useFirstData<T>(
  path: string,
  params?: FirstDataRequest['params'],
): FirstReply<T> | undefined {
  const map = useContext(FirstDataContext) ?? pageFirstData()
  return map[dataKey(path, params)] as FirstReply<T> | undefined
}

/**
 * What a server render collects while it draws: a not-found state drawn makes the answer a 404, and a
 * signed-in visitor's header shows neutral actions (the session is not known until the app starts).
 */
export interface PaintStatus {
  notFound: boolean
  /** The request carries a login cookie. */
  member: boolean
  /** The request's User-Agent: a screen that draws by browser draws the same on the server. */
  userAgent: string
}
const PaintStatusContext = createContext<PaintStatus | null>(null)
export const PaintStatusProvider = PaintStatusContext.Provider

/** Whether this render is the server's (null in the browser). */
export function usePaintStatus(): PaintStatus | null {
  return useContext(PaintStatusContext)
}

/**
 * Called by a not-found screen or state while it renders: on the server the page is answered 404
 * (a store that does not exist is a 404 in the first HTML, not a 200 with a not-found drawn later).
 */
export function useNotFoundStatus(): void {
  const status = useContext(PaintStatusContext)
  if (status) status.notFound = true
}
