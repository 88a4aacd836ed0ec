import { RouteLink, useDocumentTitle, useTranslation } from '@core'
import { useLocation } from 'react-router-dom'
import s from '../components/styles'
import { tokenState } from '../sweepstakes'

/**
 * /sweepstakes/verify?token=…: the link of an entry confirmation. The API has no sweepstakes
 * endpoint, so this page never claims an entry is confirmed: it says what it can tell from the
 * link (missing, malformed or well-formed code) and how entries are checked (the Official Rules).
 */
export default function SweepstakesVerifyPage() {
  const { t } = useTranslation('upsell')
  const { search } = useLocation()
  const state = tokenState(search)
  useDocumentTitle(t('sweepstakes.verify.title'))
  return (
    <section
      className={s.doc}
      aria-labelledby="verify-title"
      data-testid="sweepstakes-verify"
      data-state={state}
    >
      <h1 id="verify-title">{t('sweepstakes.verify.title')}</h1>
      {state === 'well-formed' ? (
        <div className={s.ok} role="status">
          <p className={s.first}>
            <strong>{t('sweepstakes.verify.received')}</strong>
          </p>
          <p className={s.last}>{t('sweepstakes.verify.honest')}</p>
        </div>
      ) : (
        <p className={s.alert} role="alert">
          {t(state === 'missing' ? 'sweepstakes.verify.missing' : 'sweepstakes.verify.invalid')}
        </p>
      )}
      <ul className={s.linkList}>
        <li>
          <RouteLink route="sweepstakes-rules">{t('sweepstakes.verify.rules')}</RouteLink>
        </li>
        <li>
          <RouteLink route="register">{t('sweepstakes.verify.join')}</RouteLink>
        </li>
        <li>
          <RouteLink route="home">{t('sweepstakes.verify.home')}</RouteLink>
        </li>
      </ul>
    </section>
  )
}
