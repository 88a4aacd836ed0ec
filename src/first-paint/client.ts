/**
 * The page may arrive with a static first paint (render.tsx, sent by the server) beside an empty,
 * hidden app root. The app renders into the root while the first paint stays on screen; once the
 * route's screen (or an error page) has rendered, the first paint goes and the root shows, in the same
 * frame, so nothing moves. A first paint in another language than the visitor's goes at once.
 */
const FIRST_PAINT_ID = 'first-paint'

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
