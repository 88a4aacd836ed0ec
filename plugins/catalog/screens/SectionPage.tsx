import { type ScreenProps, useDocumentTitle, useLoad, useServices, useTranslation } from '@core'
import { catalogApi } from '../api'
import { EmptyState, ErrorState, Skeleton } from '../components/ListState'
import { NotFoundState } from '../components/NotFoundState'
import { ProductGrid } from '../components/ProductCard'
import { StoreGrid } from '../components/StoreTile'
import type { Product, Store } from '../contract'

const TITLES: Record<string, string> = {
  'top-stores': 'home.topStores',
  'merchants-we-love': 'home.merchantsWeLove',
  'best-cashback': 'home.bestCashback',
  'top-products': 'home.topProducts',
}

/** /section/{section}: one home section in full. */
export default function SectionPage({ params }: ScreenProps) {
  const { t, i18n } = useTranslation('catalog')
  const { http } = useServices()
  const section = params.section ?? ''
  const known = section in TITLES
  const lang = i18n.language === 'es' ? 'es' : 'en'
  const r = useLoad(
    `${section}:${lang}`,
    () => (known ? catalogApi(http).section(section, lang) : Promise.resolve(null)),
    { notFound: true },
  )
  useDocumentTitle(known ? t(TITLES[section]!) : undefined)
  if (!known || r.status === 'not-found') return <NotFoundState what="section" />
  return (
    <div data-testid="section-page">
      <h1>{t(TITLES[section]!)}</h1>
      {r.status === 'loading' ? (
        <Skeleton />
      ) : r.status === 'error' ? (
        <ErrorState error={r.error} onRetry={r.retry} />
      ) : !r.data?.data.length ? (
        <EmptyState>{t('home.emptyStores')}</EmptyState>
      ) : section === 'top-products' ? (
        <ProductGrid products={r.data.data as Product[]} />
      ) : (
        <StoreGrid stores={r.data.data as Store[]} />
      )}
    </div>
  )
}
