import { localeOf } from '@core'
/** A date and time in the page's language ('Nov 26, 2026, 2:05 PM'). */
export const dateTime = (iso: string, language: string) =>
  new Date(iso).toLocaleString(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
