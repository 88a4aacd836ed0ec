import { useTranslation } from '@core'
/**
 * Upsell forms keep their errors as a key of the upsell namespace, or a server text prefixed with '!';
 * this turns one into the text to show ('' for none).
 */
export function useErrorText() {
  const { t } = useTranslation('upsell')
  return (e: string | undefined) => (!e ? '' : e.startsWith('!') ? e.slice(1) : t(e))
}

/** The names of `order` that have an error, in that order (for focusFirstError). */
export function withErrors(order: readonly string[], errors: Record<string, unknown>): string[] {
  return order.filter((f) => errors[f])
}
