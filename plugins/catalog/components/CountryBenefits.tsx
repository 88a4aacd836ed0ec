import { CATALOG_COUNTRIES, loadBenefitImages, loadCountryCatalog, useServices } from '@core'
import { useEffect, useState } from 'react'
import { catalogApi } from '../api'
import { useCatalogPages } from '../texts'
import s from './catalog.module.css'

interface CountryCatalog {
  country: string
  categories: Partial<Record<string, { id: string; name: string; logo: string }[]>>
}

/**
 * The everyday rebates of the visitor's country (from /api/geo): each benefit category of
 * config/catalogs/<CC>.json with its merchants' logos, and the category's benefit image from
 * config/benefits.json where one exists. A country without a catalog shows nothing.
 */
export default function CountryBenefits() {
  const { t } = useCatalogPages()
  const { http } = useServices()
  const [data, setData] = useState<{
    catalog: CountryCatalog
    images: Partial<Record<string, string[]>>
  } | null>(null)

  useEffect(() => {
    let live = true
    catalogApi(http)
      .geo()
      .then(async ({ country_code }) => {
        const cc = String(country_code ?? '').toUpperCase()
        if (!(CATALOG_COUNTRIES as readonly string[]).includes(cc)) return
        const [catalog, images] = await Promise.all([loadCountryCatalog(cc), loadBenefitImages()])
        if (live && catalog) setData({ catalog, images })
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [http])

  if (!data) return null
  const cats = Object.entries(data.catalog.categories).flatMap(([cat, list]) =>
    list?.length ? [[cat, list] as const] : [],
  )
  return (
    <section
      className={s.section}
      aria-labelledby="benefits-title"
      data-testid="country-benefits"
      data-country={data.catalog.country}
    >
      <div className={s.sectionHead}>
        <h2 id="benefits-title">
          {t('benefits.title', { country: t(`benefits.countries.${data.catalog.country}`) })}
        </h2>
      </div>
      <ul className={s.benefitGrid}>
        {cats.map(([cat, merchants]) => {
          const img = data.images[cat]?.[0]
          return (
            <li key={cat} className={s.tile} data-testid="benefit-category">
              {img ? (
                <img
                  className={s.benefitImg}
                  src={`/benefits/${img}`}
                  alt=""
                  width={240}
                  height={120}
                  loading="lazy"
                />
              ) : null}
              <h3 className={`${s.tileName} ${s.benefitName}`}>{t(`benefits.categories.${cat}`)}</h3>
              <ul className={s.logoRow}>
                {merchants.map((m) => (
                  <li key={m.id}>
                    <img
                      src={`/catalog-logos/${m.logo}`}
                      alt={m.name}
                      title={m.name}
                      width={36}
                      height={36}
                      loading="lazy"
                    />
                  </li>
                ))}
              </ul>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
