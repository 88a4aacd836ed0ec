import { useTranslation } from '@core'
import en from '../../../locales/en/catalog-store.json'
import es from '../../../locales/es/catalog-store.json'
import type { Rate } from '../contract'
import s from './catalog.module.css'

const NS = 'catalog-store'
const texts: Record<string, Record<string, string>> = { en, es }

/**
 * "Plus members earn X" on a store page whose store has a Plus rate (issue 26). Its texts (namespace
 * catalog-store) come with the store page's own chunk, not with the catalog's namespace that home
 * loads: nothing of it weighs on home's first view, and they are there at the page's first render
 * (the server's paint and the take-over draw the same line).
 */
export function PlusRate({ rate }: { rate: Rate | null }) {
  const { i18n } = useTranslation('catalog')
  if (!rate) return null
  const lng = i18n.language === 'es' ? 'es' : 'en'
  if (!i18n.hasResourceBundle(lng, NS)) i18n.addResourceBundle(lng, NS, texts[lng] ?? en)
  return (
    <p className={s.muted} data-testid="plus-rate">
      {i18n.getFixedT(lng, NS)('plusRate', { rate: rate.label })}
    </p>
  )
}
