/**
 * Resolves once the page has loaded and the browser is idle (or `timeout` ms after the load, at the
 * latest): for third-party work the first screen does not need, such as the analytics tag's script,
 * so it neither competes with the page's own scripts nor adds to the blocking time before the page
 * answers input. Without requestIdleCallback (Safari), just after the load.
 */
export function afterLoadIdle(timeout = 3000): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      const ric = (globalThis as { requestIdleCallback?: typeof requestIdleCallback }).requestIdleCallback
      if (ric) ric(() => resolve(), { timeout })
      else setTimeout(resolve, 1)
    }
    if (typeof document === 'undefined' || document.readyState === 'complete') idle()
    else globalThis.addEventListener('load', idle, { once: true })
  })
}
