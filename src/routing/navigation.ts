import { redirectDocument } from 'react-router-dom'

let firstNavigationDone = false

/** Called once the first page has rendered: later guard redirects are in-app navigations. */
export function markBooted(): void {
  firstNavigationDone = true
}

export function isFirstLoad(): boolean {
  return !firstNavigationDone
}

/**
 * A full-page load of `url`. On the first load the current history entry is replaced, so the Back
 * button does not land on the guarded URL again and loop; later it is a normal document redirect.
 */
export function fullPageLoad(url: string): Promise<never> {
  if (isFirstLoad()) {
    window.location.replace(url)
    // the page is going away: keep the router waiting instead of rendering anything
    return new Promise<never>(() => {})
  }
  throw redirectDocument(url)
}
