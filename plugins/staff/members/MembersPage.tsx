import { Button, DataTable, Field, LoadView, RouteLink, useLoad, useTranslation } from '@core'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { StaffLayout } from '../shell/StaffLayout'
import { useMembersApi } from './api'
import type { MemberSummary } from './contract'
import { dateTime } from './format'
import s from './members.module.css'

/** Member lookup (issue 28): by e-mail, a part of it, or the member id; the query is kept in the address. */
export default function MembersPage() {
  const { t, i18n } = useTranslation('staff-members')
  const api = useMembersApi()
  const [search, setSearch] = useSearchParams()
  const q = (search.get('q') ?? '').trim()
  const [text, setText] = useState(q)
  const [error, setError] = useState<string | null>(null)
  const found = useLoad(`members:${q}`, () =>
    q ? api.search(q) : Promise.resolve({ data: [] as MemberSummary[] }),
  )

  return (
    <StaffLayout title={t('lookup.title')}>
      <form
        aria-label={t('lookup.title')}
        className={s.search}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          const v = text.trim()
          if (!v) {
            setError(t('lookup.required'))
            return
          }
          setError(null)
          setSearch({ q: v })
        }}
      >
        <Field
          id="member-q"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={error}
          label={t('lookup.label')}
          hint={t('lookup.hint')}
          autoComplete="off"
        />
        <Button type="submit">{t('lookup.submit')}</Button>
      </form>
      {q ? (
        <section aria-labelledby="member-results" className={s.section}>
          <h2 id="member-results">{t('lookup.results', { q })}</h2>
          <p role="status" className={s.status}>
            {found.status === 'success' ? t('lookup.count', { count: found.data.data.length }) : ''}
          </p>
          <LoadView load={found} what={t('lookup.failed')}>
            {(r) =>
              r.data.length ? (
                <DataTable
                  rows={r.data}
                  rowKey={(m) => m.id}
                  label={t('lookup.results', { q })}
                  caption={t('lookup.caption')}
                  testId="member-results"
                  columns={[
                    {
                      key: 'email',
                      header: t('member.email'),
                      cell: (m) => (
                        <RouteLink route="staff-members-id" params={{ id: m.id }}>
                          {m.email}
                        </RouteLink>
                      ),
                    },
                    { key: 'id', header: t('member.id'), cell: (m) => m.id, numeric: true },
                    { key: 'name', header: t('member.name'), cell: (m) => m.name || '—' },
                    {
                      key: 'since',
                      header: t('member.since'),
                      cell: (m) => dateTime(m.created_at, i18n.language),
                    },
                    {
                      key: 'locked',
                      header: t('member.state'),
                      cell: (m) => (m.locked ? t('lock.locked') : t('lock.active')),
                    },
                  ]}
                />
              ) : (
                <p className={s.empty}>{t('lookup.none')}</p>
              )
            }
          </LoadView>
        </section>
      ) : null}
    </StaffLayout>
  )
}
