/**
 * The locale the product writes numbers and dates in for a page language: Spanish as written in the
 * United States ('es-US'), else American English. The one place that maps the two.
 */
export const localeOf = (lng: string): 'es-US' | 'en-US' => (lng.startsWith('es') ? 'es-US' : 'en-US')
