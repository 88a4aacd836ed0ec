import { ChipNav, Lead, Page, pathTo, useServices, useTranslation } from '@core'
import type { ReactNode } from 'react'
import s from './styles'

/** The protection pages, in the order of the sub-navigation, each with its route name. */
const PROTECTION_PAGES = {
  accounts: { route: 'account-protection-accounts' },
  price: { route: 'account-protection-price' },
  shipping: { route: 'account-protection-shipping' },
  hotel: { route: 'account-protection-hotel' },
  carrental: { route: 'account-protection-carrental' },
  package: { route: 'account-protection-package' },
} as const
export type ProtectionPageId = keyof typeof PROTECTION_PAGES

/** The row of links between the protection pages, the page shown marked. */
export function ProtectionNav({ current }: { current: ProtectionPageId }) {
  const { t } = useTranslation('protection')
  const { config } = useServices()
  return (
    <ChipNav
      label={t('nav.label')}
      chips={Object.entries(PROTECTION_PAGES).map(([id, page]) => ({
        to: pathTo(config, page.route) ?? '/',
        label: t(`nav.${id}`),
        current: id === current,
      }))}
    />
  )
}

/** A protection page's frame: the h1 (also the tab title), its lead line, the sub-navigation, then the content. */
export function ProtectionPage({
  current,
  title,
  lead,
  testId,
  children,
}: {
  current: ProtectionPageId
  title: string
  lead: ReactNode
  testId?: string
  children: ReactNode
}) {
  return (
    <Page title={title} className={s.page} testId={testId}>
      <Lead>{lead}</Lead>
      <ProtectionNav current={current} />
      {children}
    </Page>
  )
}
