import { pathTo, useServices, useTranslation } from '@core'
import { Link } from 'react-router-dom'
import f from './footer.module.css'

/**
 * The footer's company and legal links (slot 'footer.links'), by route name, in this order. Their texts are a small
 * namespace of their own, so the footer does not download every legal document's text.
 */
export const FOOTER_LINKS = [
  { key: 'terms', route: 'terms' },
  { key: 'privacy', route: 'privacy-policy' },
  { key: 'cookies', route: 'cookies' },
  { key: 'ccpaNotice', route: 'ccpa-notice' },
  { key: 'about', route: 'about' },
  { key: 'careers', route: 'careers' },
  { key: 'news', route: 'news' },
  { key: 'howItWorks', route: 'how-it-works' },
  { key: 'faq', route: 'faq' },
  { key: 'contact', route: 'contact' },
  { key: 'vulnerability', route: 'vulnerability-disclosure' },
] as const

export default function FooterLinks() {
  const { t } = useTranslation('legal-footer')
  const { config } = useServices()
  return (
    <ul className={f.links} data-testid="footer-links">
      {FOOTER_LINKS.map(({ key, route }) => {
        const to = pathTo(config, route)
        return to === null ? null : (
          <li key={key}>
            <Link to={to}>{t(`footer.${key}`)}</Link>
          </li>
        )
      })}
    </ul>
  )
}
