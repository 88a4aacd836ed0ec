import { LoadView, RouteLink, useLoad, useServices, useTranslation } from '@core'
import { staffApi } from './api'
import { QUEUE_ROUTES, StaffLayout, useStaff } from './StaffLayout'
import s from './staff.module.css'

/** The console's home: how many items wait in each queue the signed-in role works, each a link to it. */
export default function HomePage() {
  const { t } = useTranslation('staff')
  const { http } = useServices()
  const me = useStaff()
  const overview = useLoad(`staff-overview:${me?.id ?? ''}`, () => staffApi(http).overview())
  return (
    <StaffLayout title={t('home.title')}>
      <p className={s.muted}>{t('home.lead', { role: me ? t(`roles.${me.role}`) : '' })}</p>
      <section aria-labelledby="staff-queues-heading">
        <h2 id="staff-queues-heading">{t('home.queues')}</h2>
        <LoadView load={overview} what={t('home.failed')} rows={3}>
          {(r) =>
            r.data.length === 0 ? (
              <p className={s.empty}>{t('home.none')}</p>
            ) : (
              <ul className={s.cards} data-testid="staff-queue-counts">
                {r.data.map((q) => (
                  <li key={q.queue} className={s.card}>
                    <RouteLink route={QUEUE_ROUTES[q.queue]} data-queue={q.queue}>
                      <span className={s.count}>{q.count}</span>{' '}
                      <span className="visually-hidden">{t('home.waitingIn')}</span> {t(`queues.${q.queue}`)}
                    </RouteLink>
                  </li>
                ))}
              </ul>
            )
          }
        </LoadView>
      </section>
    </StaffLayout>
  )
}
