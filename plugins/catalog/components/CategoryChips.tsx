import { ChipNav, useTranslation } from '@core'

export interface Named {
  slug: string
  names: { en: string; es: string }
}

/** Category links as chips; the current one is marked for screen readers and styled. */
export function CategoryChips({
  items,
  base,
  current,
  allLabel,
  label,
}: {
  items: Named[]
  base: string
  current?: string
  allLabel: string
  label: string
}) {
  const { i18n } = useTranslation()
  const lang = i18n.language === 'es' ? 'es' : 'en'
  return (
    <ChipNav
      label={label}
      chips={[
        { to: base, label: allLabel, current: !current },
        ...items.map((c) => ({ to: `${base}/${c.slug}`, label: c.names[lang], current: c.slug === current })),
      ]}
    />
  )
}
