import { ChipNav, pathTo, type RouteParams, useServices, useTranslation } from '@core'

export interface Named {
  slug: string
  names: { en: string; es: string }
}

/**
 * Category links as chips; the current one is marked for screen readers and styled. `route` names the
 * list without a category (with its `params`), `categoryRoute` a category's page, whose `param` is
 * the category's slug (routes.json names).
 *
 * @example <CategoryChips items={cats} route="coupons" categoryRoute="coupons-category" param="category" … />
 */
export function CategoryChips({
  items,
  route,
  params = {},
  categoryRoute,
  param,
  current,
  allLabel,
  label,
}: {
  items: Named[]
  route: string
  params?: RouteParams
  categoryRoute: string
  param: string
  current?: string
  allLabel: string
  label: string
}) {
  const { i18n } = useTranslation()
  const { config } = useServices()
  const lang = i18n.language === 'es' ? 'es' : 'en'
  const chips = [
    { to: pathTo(config, route, params), label: allLabel, current: !current },
    ...items.map((c) => ({
      to: pathTo(config, categoryRoute, { ...params, [param]: c.slug }),
      label: c.names[lang],
      current: c.slug === current,
    })),
  ]
  return (
    <ChipNav
      label={label}
      chips={chips.flatMap(({ to, ...chip }) => (to === null ? [] : [{ ...chip, to }]))}
    />
  )
}
