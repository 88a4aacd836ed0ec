import { useTranslation } from 'react-i18next'
import { formatCents } from './money'

/** An amount in cents, formatted the one way the product shows money. */
export function Money({ cents }: { cents: number }) {
  const { i18n } = useTranslation()
  return <span className="money">{formatCents(cents, i18n.language)}</span>
}
