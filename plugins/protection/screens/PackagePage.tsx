import { LoadView, useLoad, useTranslation } from '@core'
import { useState } from 'react'
import { CheckNow } from '../components/CheckNow'
import { Badge } from '../components/Claims'
import { deliveryLate, formatDateTime, formatDay } from '../components/dates'
import { ProtectionPage } from '../components/ProtectionPage'
import { ReportButton } from '../components/ReportButton'
import { LinkFirst, ProtectionNotice, Recovered } from '../components/Summary'
import s from '../components/styles'
import { Tiles } from '../components/Tiles'
import { useProtectionApi } from '../components/useProtectionApi'
import type { Parcel, ParcelsReply } from '../contract'

/** A parcel may be reported missing once its expected day has passed without a delivery (the server's rule). */
export const missingDue = (p: Parcel, now = new Date()) =>
  p.status !== 'delivered' && !p.delivered_at && deliveryLate(p.expected_at, null, now)

/** One parcel: what it is, its carrier and number, where it is, the scans, its claim, and the report button. */
function ParcelCard({ parcel: p, onFiled }: { parcel: Parcel; onFiled: () => void }) {
  const { t, i18n } = useTranslation('protection')
  const headId = `parcel-${p.order_id}`
  return (
    <li className={s.tile} data-testid="parcel" data-status={p.status}>
      <div className={s.head}>
        <h3 id={headId}>
          {p.merchant}: {p.title}
        </h3>
        <Badge status={p.status} text={t(`package.status.${p.status}`)} />
      </div>
      <dl className={s.facts}>
        <dt>{t('package.carrier')}</dt>
        <dd>{p.carrier}</dd>
        <dt>{t('package.tracking')}</dt>
        <dd>
          <code>{p.tracking_number}</code>
        </dd>
      </dl>
      {p.delivered_at ? (
        <p className={s.line} data-testid="parcel-delivered">
          {t('package.delivered', { date: formatDay(p.delivered_at, i18n.language) })}
        </p>
      ) : p.expected_at ? (
        <p className={s.line} data-testid="parcel-expected">
          {t('package.expected', { date: formatDay(p.expected_at, i18n.language) })}
        </p>
      ) : null}
      {p.events.length === 0 ? (
        <p className={s.muted}>{t('package.noScans')}</p>
      ) : (
        <ol className={s.timeline} data-testid="parcel-timeline" aria-label={t('package.scans')}>
          {p.events.map((ev, i) => (
            // a carrier's scans are fixed once seen: their order is their identity
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i} data-status={ev.status}>
              <span className={s.step}>{t(`package.status.${ev.status}`)}</span>
              <time dateTime={ev.at}>{formatDateTime(ev.at, i18n.language)}</time>
              {ev.location ? <span>{ev.location}</span> : null}
            </li>
          ))}
        </ol>
      )}
      {p.claim ? (
        <p className={s.line} data-testid="parcel-claim">
          {t('package.claim', { status: t(`status.${p.claim.status}`) })}
        </p>
      ) : missingDue(p) ? (
        <ReportButton orderId={p.order_id} kind="package" describedBy={headId} onFiled={onFiled} />
      ) : null}
    </li>
  )
}

function Parcels({ data, reload }: { data: ParcelsReply; reload: () => void }) {
  const { t } = useTranslation('protection')
  const [reported, setReported] = useState(false)
  const none = data.linked === 0 ? null : t('package.none')
  const filed = () => {
    setReported(true)
    reload()
  }
  return (
    <>
      <ProtectionNotice notice={data.notice} />
      <Recovered cents={data.recovered_year_cents} count={data.data.length} countLabel={t('package.count')} />
      {data.linked === 0 ? <LinkFirst /> : null}
      {reported ? (
        <p role="status" className={s.success}>
          {t('report.missingDone')}
        </p>
      ) : null}
      <section className={s.section} aria-labelledby="parcels-title">
        <h2 id="parcels-title">{t('package.parcels')}</h2>
        <Tiles items={data.data} empty={none} testId="parcels" emptyTestId="parcels-empty">
          {(p) => <ParcelCard key={p.order_id} parcel={p} onFiled={filed} />}
        </Tiles>
      </section>
    </>
  )
}

/** /account/protection/package: every parcel of the member's linked accounts with its scans and claim. */
export default function PackagePage() {
  const { t } = useTranslation('protection')
  const api = useProtectionApi()
  const parcels = useLoad('parcels', () => api.parcels())
  return (
    <ProtectionPage current="package">
      <CheckNow onSettled={parcels.retry} />
      <LoadView load={parcels} what={t('package.failed')} rows={3}>
        {(data) => <Parcels data={data} reload={parcels.retry} />}
      </LoadView>
    </ProtectionPage>
  )
}
