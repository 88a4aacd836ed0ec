import { useTranslation } from '@core'
import { Link } from 'react-router-dom'
import f from './footer.module.css'

/**
 * The footer's company and legal links (slot 'footer.links'), in this order. Their texts are a small
 * namespace of their own, so the footer does not download every legal document's text.
 */
export const FOOTER_LINKS = [
  ['terms', '/terms'],
  ['privacy', '/privacy-policy'],
  ['cookies', '/cookies'],
  ['ccpaNotice', '/ccpa-notice'],
  ['about', '/about'],
  ['careers', '/careers'],
  ['news', '/news'],
  ['howItWorks', '/how-it-works'],
  ['faq', '/faq'],
  ['contact', '/contact'],
  ['vulnerability', '/vulnerability-disclosure'],
] as const

export default function FooterLinks() {
  const { t } = useTranslation('legal-footer')
  return (
    <ul className={f.links} data-testid="footer-links">
      {FOOTER_LINKS.map(([key, to]) => (
        <li key={key}>
          <Link to={to}>{t(`footer.${key}`)}</Link>
        </li>
      ))}
    </ul>
  )
}
