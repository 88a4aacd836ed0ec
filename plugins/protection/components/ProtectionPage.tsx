import { ChipNav, Lead, Page, useTranslation } from '@core'
import type { ReactNode } from 'react'
import s from './styles'

/** The protection pages, in the order of the sub-navigation. */
export const PROTECTION_PAGES = ['accounts', 'price', 'shipping', 'hotel', 'carrental', 'package'] as const
export type ProtectionPageId = (typeof PROTECTION_PAGES)[number]

/** The row of links between the protection pages, the page shown marked. */
export function ProtectionNav({ current }: { current: ProtectionPageId }) {
  const { t } = useTranslation('protection')
  return (
    <ChipNav
      label={t('nav.label')}
      chips={PROTECTION_PAGES.map((p) => ({
        to: `/account/protection/${p}`,
        label: t(`nav.${p}`),
        current: p === current,
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
