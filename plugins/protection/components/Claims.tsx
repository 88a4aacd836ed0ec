import { formatCents, Money, RouteLink, surface, TestMoneyLabel, useTranslation } from '@core'
import type { Claim } from '../contract'
import { formatDay } from './dates'
import s from './styles'

/** A status word in a coloured badge (a claim's, a linked account's, a parcel's). */
export function Badge({ status, text }: { status: string; text: string }) {
  return (
    <span className={[surface.pill, s[`s-${status}`]].filter(Boolean).join(' ')} data-status={status}>
      {text}
    </span>
  )
}

/** What a claim rests on, in words: the prices compared, the days compared, or the parcel's last scan. */
export function Evidence({ claim }: { claim: Claim }) {
  const { t, i18n } = useTranslation('protection')
  const lng = i18n.language
  const e = claim.evidence
  let text: string | null = null
  if (e.old_cents !== undefined && e.new_cents !== undefined)
    text = t('claims.evidence.price', {
      old: formatCents(e.old_cents, lng),
      new: formatCents(e.new_cents, lng),
    })
  else if (e.promised_at)
    text = e.delivered_at
      ? t('claims.evidence.shipping', {
          promised: formatDay(e.promised_at, lng),
          delivered: formatDay(e.delivered_at, lng),
        })
      : t('claims.evidence.notDelivered', { promised: formatDay(e.promised_at, lng) })
  else if (e.last_seen_at)
    text = t('claims.evidence.package', {
      date: formatDay(e.last_seen_at, lng),
      status: e.last_status ? t(`package.status.${e.last_status}`, { defaultValue: e.last_status }) : '',
    })
  return text ? (
    <p className={s.line} data-testid="claim-evidence">
      {text}
    </p>
  ) : null
}

/** A claim's steps, oldest first, as an ordered list; the paid step says where the money went. */
export function ClaimTimeline({ claim }: { claim: Claim }) {
  const { t, i18n } = useTranslation('protection')
  return (
    <ol className={s.timeline} data-testid="claim-timeline" aria-label={t('claims.timeline')}>
      {claim.timeline.map((ev, i) => (
        // a claim's steps are fixed once they happened: their order is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i} data-status={ev.status}>
          <span className={s.step}>{t(`status.${ev.status}`)}</span>
          <time dateTime={ev.at}>{formatDay(ev.at, i18n.language)}</time>
          {ev.status === 'paid' ? (
            <span>
              {t('claims.toBalance')}{' '}
              <RouteLink route="account-purchase-history">{t('claims.seeBalance')}</RouteLink>
            </span>
          ) : null}
          {ev.note && ev.status !== 'declined' ? <span className={s.muted}>{ev.note}</span> : null}
        </li>
      ))}
    </ol>
  )
}

/** The claims of a page, newest first: merchant, order, amount, status, evidence, reason, timeline. */
export function ClaimList({ claims }: { claims: readonly Claim[] }) {
  const { t } = useTranslation('protection')
  return (
    <section className={s.section} aria-labelledby="claims-title">
      <h2 id="claims-title">{t('claims.title')}</h2>
      {claims.length === 0 ? (
        <p className={s.card} data-testid="claims-empty">
          {t('claims.empty')}
        </p>
      ) : (
        <ul className={s.tiles} data-testid="claims">
          {claims.map((c) => (
            <li key={c.id} className={s.tile} data-testid="claim" data-status={c.status}>
              <div className={s.head}>
                <h3 id={`claim-${c.id}`}>{c.merchant}</h3>
                <Badge status={c.status} text={t(`status.${c.status}`)} />
              </div>
              <p className={s.line}>
                {t('claims.reference', { reference: c.reference })}
                {' · '}
                <span className="visually-hidden">{t('claims.amount')}: </span>
                <strong>
                  <Money cents={c.amount_cents} />
                </strong>
                {c.test ? (
                  <>
                    {' '}
                    <TestMoneyLabel />
                  </>
                ) : null}
              </p>
              <Evidence claim={c} />
              {c.status === 'declined' && c.decline_reason ? (
                <p className={s.line} data-testid="claim-declined">
                  {t('claims.declined', { reason: c.decline_reason })}
                </p>
              ) : null}
              <ClaimTimeline claim={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
