import type { Page } from '@playwright/test'

/** What `watchTakeOver` measured since the page began. */
export interface TakeOver {
  /** The sum of the layout shifts (CLS without the session windows). */
  shift: number
  /** The start times of the largest-contentful-paint candidates. */
  lcp: number[]
  /** When the app's root showed and the first paint was gone (performance.now()), or -1. */
  revealedAt: number
}

/**
 * Watches, from before the page's first script, the layout shifts, the largest-paint candidates and
 * the moment the app takes over from the HTML drawn by the server (the hidden #root shown, #first-paint
 * gone). Call it before `page.goto`; the function it gives reads what was seen so far.
 *
 * @example
 * const measured = await watchTakeOver(page)
 * await page.goto('/')
 * expect((await measured()).shift).toBe(0)
 */
export async function watchTakeOver(page: Page): Promise<() => Promise<TakeOver>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __takeOver: { shift: number; lcp: number[]; revealedAt: number } }
    const seen = { shift: 0, lcp: [] as number[], revealedAt: -1 }
    w.__takeOver = seen
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) seen.shift += (e as unknown as { value: number }).value
    }).observe({ type: 'layout-shift', buffered: true })
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) seen.lcp.push(e.startTime)
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    new MutationObserver((_m, obs) => {
      const root = document.getElementById('root')
      if (root && !root.hidden && !document.getElementById('first-paint')) {
        seen.revealedAt = performance.now()
        obs.disconnect()
      }
    }).observe(document, { subtree: true, childList: true, attributes: true })
  })
  return () =>
    page.evaluate(() => {
      const seen = (window as unknown as { __takeOver: TakeOver }).__takeOver
      return { shift: seen.shift, lcp: [...seen.lcp], revealedAt: seen.revealedAt }
    })
}
