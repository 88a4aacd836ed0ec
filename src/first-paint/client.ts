/**
 * The page may arrive with a static first paint (render.tsx, sent by the server) beside an empty,
 * hidden app root. The app renders into the root while the first paint stays on screen; once the
 * route's screen (or an error page) has rendered, the first paint goes and the root shows, in the same
 * frame, so nothing moves. A first paint in another language than the visitor's goes at once.
 */
import { dataKey, type FirstDataRequest, type FirstReply, pageFirstData } from './data'

const FIRST_PAINT_ID = 'first-paint'

/**
 * The language of the server's drawing the app is about to take over, or undefined when there is none
 * (a page not drawn, one drawn in another language than the visitor's, dropped at start, or the
 * take-over done). With firstPaintReply, a plugin's set-up fills its store from the replies the page
 * was drawn from before the first render: the screen's own load after the take-over then finds its
 * data and changes nothing, where a change re-renders the whole screen in one blocking task (a MobX
 * update is synchronous in React).
 */
export function firstPaintLanguage(doc: Document = document): string | undefined {
  return doc.getElementById(FIRST_PAINT_ID)?.dataset.lang
}

/** The reply a GET had when the server drew this page (src/first-paint/data.ts), if it did. */
export function firstPaintReply<T>(request: FirstDataRequest): FirstReply<T> | undefined {
  return pageFirstData()[dataKey(request.path, request.params)] as FirstReply<T> | undefined
}

export function dropMismatchedFirstPaint(language: string, doc: Document = document): void {
  const fp = doc.getElementById(FIRST_PAINT_ID)
  if (fp && fp.dataset.lang !== language) revealApp(doc)
}

export function revealApp(doc: Document = document): void {
  const fp = doc.getElementById(FIRST_PAINT_ID)
  if (!fp) return
  fp.remove()
  doc.getElementById('root')?.removeAttribute('hidden')
}
