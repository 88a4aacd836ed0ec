import { useTranslation } from '@core'

/**
 * The texts of a catalog screen that home does not show: its own part, 'catalog-pages' (the store
 * list, the coupon, product and app pages, the country benefits), besides the catalog's. Home's first
 * view loads only 'catalog'; these screens name 'catalog-pages' in the plugin's `screenTexts`, so it is
 * there at their first render. A key is looked up in 'catalog', then in 'catalog-pages'.
 */
export function useCatalogPages() {
  return useTranslation(['catalog', 'catalog-pages'], { nsMode: 'fallback' })
}
