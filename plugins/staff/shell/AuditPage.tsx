import {
  Button,
  DataTable,
  Field,
  LoadView,
  Pager,
  pageCount,
  pageParam,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import { type FormEvent, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { staffApi } from './api'
import type { AuditEntry, AuditQuery } from './contract'
import { StaffLayout } from './StaffLayout'
import s from './staff.module.css'

const FILTERS = ['staff', 'action', 'target', 'from', 'to'] as const
type Filter = (typeof FILTERS)[number]

/** The filters and page of the address (?staff=&action=&target=&from=&to=&page=). */
function queryOf(params: URLSearchParams): AuditQuery {
  const q: AuditQuery = {}
  for (const f of FILTERS) {
    const v = params.get(f)
    if (v) q[f] = v
  }
  const page = pageParam(params)
  if (page > 1) q.page = page
  return q
}

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v))

/**
 * The admin's audit log (append-only): newest first, a page at a time, filtered by staff member,
 * action (or its area, "payout."), target ("withdrawal:12") and dates. The filters live in the
 * address, so a filtered view can be shared and the Back button works.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation('staff')
  const { http } = useServices()
  const [params, setParams] = useSearchParams()
  const query = queryOf(params)
  const key = JSON.stringify(query)
  const log = useLoad(`staff-audit:${key}`, () => staffApi(http).audit(query))
  const [form, setForm] = useState<Record<Filter, string>>(() => ({
    staff: query.staff ?? '',
    action: query.action ?? '',
    target: query.target ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
  }))

  const apply = (e: FormEvent) => {
    e.preventDefault()
    const next = new URLSearchParams()
    for (const f of FILTERS) if (form[f].trim()) next.set(f, form[f].trim())
    setParams(next)
  }
  const hrefOf = (page: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(page))
    return `?${next.toString()}`
  }
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })

  return (
    <StaffLayout title={t('audit.title')}>
      <p className={s.muted}>{t('audit.lead')}</p>
      <form className={s.filters} onSubmit={apply} aria-label={t('audit.filters')}>
        {FILTERS.map((f) => (
          <Field
            key={f}
            id={`audit-${f}`}
            label={t(`audit.filter.${f}`)}
            hint={f === 'action' || f === 'target' ? t(`audit.filter.${f}Hint`) : undefined}
            type={f === 'from' || f === 'to' ? 'date' : 'text'}
            value={form[f]}
            onChange={(e) => setForm({ ...form, [f]: e.target.value })}
          />
        ))}
        <Button type="submit">{t('audit.apply')}</Button>
      </form>
      <LoadView load={log} what={t('audit.failed')}>
        {(r) => {
          const pages = pageCount(r)
          return (
            <>
              <p role="status">{t('audit.count', { count: r.total })}</p>
              {r.data.length === 0 ? (
                <p className={s.empty}>{t('audit.empty')}</p>
              ) : (
                <DataTable<AuditEntry>
                  rows={r.data}
                  rowKey={(a) => a.id}
                  label={t('audit.title')}
                  caption={t('audit.caption', { page: r.page, pages })}
                  testId="staff-audit"
                  busy={log.status === 'loading'}
                  columns={[
                    { key: 'at', header: t('audit.at'), cell: (a) => when.format(new Date(a.at)) },
                    { key: 'actor', header: t('audit.actor'), cell: (a) => a.actor },
                    { key: 'action', header: t('audit.action'), cell: (a) => <code>{a.action}</code> },
                    { key: 'target', header: t('audit.target'), cell: (a) => a.target ?? '—' },
                    {
                      key: 'before',
                      header: t('audit.before'),
                      cell: (a) => <code className={s.json}>{json(a.before)}</code>,
                    },
                    {
                      key: 'after',
                      header: t('audit.after'),
                      cell: (a) => <code className={s.json}>{json(a.after)}</code>,
                    },
                  ]}
                />
              )}
              <Pager page={r.page} pages={pages} href={hrefOf} t={t} prefix="audit" />
            </>
          )
        }}
      </LoadView>
    </StaffLayout>
  )
}
