import { ChipNav, constants, Lead, Page, pathTo, useServices, useTranslation } from '@core'
import type { ReactNode } from 'react'
import s from './styles'

/**
 * The protection pages, in the order of the sub-navigation, each with its route name, the prefix of its
 * texts (`<texts>.title`, the h1; `<texts>.lead`) and its test id.
 */
const PROTECTION_PAGES = {
  accounts: { route: 'account-protection-accounts', texts: 'accounts', testId: 'linked-accounts' },
  price: { route: 'account-protection-price', texts: 'watch.price', testId: 'protection-price' },
  shipping: { route: 'account-protection-shipping', texts: 'watch.shipping', testId: 'protection-shipping' },
  hotel: { route: 'account-protection-hotel', texts: 'watch.hotel', testId: 'protection-hotel' },
  carrental: {
    route: 'account-protection-carrental',
    texts: 'watch.carrental',
    testId: 'protection-carrental',
  },
  package: { route: 'account-protection-package', texts: 'package', testId: 'protection-package' },
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

/**
 * A protection page's frame: the h1 (also the tab title) and its lead line from the page's texts, the
 * sub-navigation, then the content.
 */
export function ProtectionPage({ current, children }: { current: ProtectionPageId; children: ReactNode }) {
  const { t } = useTranslation('protection')
  const page = PROTECTION_PAGES[current]
  return (
    <Page title={t(`${page.texts}.title`)} className={s.page} testId={page.testId}>
      <Lead>{t(`${page.texts}.lead`, { days: constants.protection.priceWindowDays })}</Lead>
      <ProtectionNav current={current} />
      {children}
    </Page>
  )
}
