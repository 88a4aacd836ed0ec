import {
  constants,
  formatCents,
  RouteLink,
  useDocumentTitle,
  usePath,
  useServices,
  useTranslation,
} from '@core'
import s from '../components/upsell.module.css'
import { ruleDate, sweepstakes } from '../sweepstakes'

const SECTIONS = ['eligibility', 'period', 'enter', 'prizes', 'odds', 'winners', 'notify', 'sponsor'] as const

/**
 * /sweepstakes-rules: the Official Rules of the monthly gift card sweepstakes, in the visitor's
 * language, from the facts in sweepstakes.ts (age from constants.minimumAge).
 */
export default function SweepstakesRulesPage() {
  const { t, i18n } = useTranslation('upsell')
  const rules = usePath('sweepstakes-rules')
  const { config } = useServices()
  const lng = i18n.language
  useDocumentTitle(t('sweepstakes.rules.title'))
  const v = {
    age: constants.minimumAge,
    start: ruleDate(sweepstakes.start, lng),
    end: ruleDate(sweepstakes.end, lng),
    brand: config.brand.name,
    sponsor: sweepstakes.sponsor,
    address: sweepstakes.address,
    prize: formatCents(sweepstakes.prizeCents, lng),
    count: sweepstakes.drawings,
    total: formatCents(sweepstakes.prizeCents * sweepstakes.drawings, lng),
    drawDays: sweepstakes.drawWithinDays,
    notifyDays: sweepstakes.notifyWithinDays,
    replyDays: sweepstakes.replyWithinDays,
  }
  const other = lng === constants.spanishLocale ? 'en' : constants.spanishLocale
  const body = (key: (typeof SECTIONS)[number]) => {
    if (key === 'enter') {
      return (
        <>
          <p>{t('sweepstakes.rules.enter.online', v)}</p>
          <p>{t('sweepstakes.rules.enter.mail', v)}</p>
          <p>
            <strong>{t('sweepstakes.rules.enter.noPurchase', v)}</strong>
          </p>
        </>
      )
    }
    if (key === 'sponsor') {
      return (
        <>
          <p>{t('sweepstakes.rules.sponsor.body', v)}</p>
          <p>
            {t('sweepstakes.rules.sponsor.privacy', v)}{' '}
            <RouteLink route="privacy-policy">{t('sweepstakes.rules.privacyLink')}</RouteLink>
          </p>
        </>
      )
    }
    return <p>{t(`sweepstakes.rules.${key}.body`, v)}</p>
  }
  return (
    <article className={s.doc} aria-labelledby="rules-title" data-testid="sweepstakes-rules">
      <p className={s.docLang}>
        <a href={`${rules}?${constants.languageQueryParam}=${other}`} hrefLang={other} lang={other}>
          {t(other === 'en' ? 'sweepstakes.rules.english' : 'sweepstakes.rules.spanish')}
        </a>
      </p>
      <h1 id="rules-title">{t('sweepstakes.rules.title')}</h1>
      <p className={s.honest}>
        <strong>{t('sweepstakes.rules.lead')}</strong>
      </p>
      <p>{t('sweepstakes.rules.updated', v)}</p>
      <ol className={s.docSections}>
        {SECTIONS.map((key) => (
          <li key={key}>
            <section aria-labelledby={`rules-${key}`}>
              <h2 id={`rules-${key}`}>{t(`sweepstakes.rules.${key}.title`)}</h2>
              {body(key)}
            </section>
          </li>
        ))}
      </ol>
    </article>
  )
}
