import { DataTable, LoadView, Money, RouteLink, type ScreenProps, useLoad, useTranslation } from '@core'
import { useState } from 'react'
import { StaffLayout, useStaff } from '../shell/StaffLayout'
import { useMembersApi } from './api'
import type { MemberClick, MemberDetail, MemberLedgerRow } from './contract'
import { dateTime } from './format'
import { AdjustForm, LockForm } from './MemberForms'
import s from './members.module.css'
import { AdjustmentsTable, PagedSection, useAdjustmentColumns, When } from './parts'

/**
 * One member as staff see them (issue 28): profile, balances, the lock (support, admin), manual
 * adjustments (finance, admin), the ledger and clicks (paged), what the app keeps of their sessions
 * and their linked accounts.
 */
export default function MemberPage({ params }: ScreenProps) {
  const { t } = useTranslation('staff-members')
  const api = useMembersApi()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647
  const [version, setVersion] = useState(0)
  const member = useLoad(`member:${id}:${version}`, () => api.member(id), { notFound: true })
  if (!valid || member.status === 'not-found')
    return (
      <StaffLayout title={t('member.notFound')}>
        <p data-testid="member-not-found">{t('member.notFoundBody')}</p>
        <RouteLink route="staff-members">{t('lookup.back')}</RouteLink>
      </StaffLayout>
    )
  const title = member.data ? t('member.title', { email: member.data.data.email }) : t('member.loading')
  return (
    <StaffLayout title={title}>
      <p>
        <RouteLink route="staff-members">{t('lookup.back')}</RouteLink>
      </p>
      <LoadView load={member} what={t('member.failed')}>
        {(r) => (
          <MemberView
            member={r.data}
            version={version}
            onChange={() => setVersion((v) => v + 1)}
            set={(m) => member.set({ data: m })}
          />
        )}
      </LoadView>
    </StaffLayout>
  )
}

function MemberView({
  member: m,
  version,
  onChange,
  set,
}: {
  member: MemberDetail
  version: number
  onChange: () => void
  set: (m: MemberDetail) => void
}) {
  const { t, i18n } = useTranslation('staff-members')
  const api = useMembersApi()
  const staff = useStaff()
  const when = (iso: string | null) => (iso ? dateTime(iso, i18n.language) : t('member.never'))
  const canLock = staff?.role === 'admin' || staff?.role === 'support'
  const canAdjust = staff?.role === 'admin' || staff?.role === 'finance'
  const adjustments = useLoad(`adjustments:${m.id}:${version}`, () => api.adjustments(m.id))
  const adjustmentColumns = useAdjustmentColumns(false)
  return (
    <>
      <div className={s.grid}>
        <section aria-labelledby="member-profile" className={s.section}>
          <h2 id="member-profile">{t('member.profile')}</h2>
          <dl className={s.facts}>
            <dt>{t('member.id')}</dt>
            <dd>{m.id}</dd>
            <dt>{t('member.email')}</dt>
            <dd>
              {m.email}
              {m.pending_email ? ` (${t('member.pendingEmail', { email: m.pending_email })})` : ''}
            </dd>
            <dt>{t('member.name')}</dt>
            <dd>{m.name || '—'}</dd>
            <dt>{t('member.phone')}</dt>
            <dd>{m.phone ?? '—'}</dd>
            <dt>{t('member.country')}</dt>
            <dd>{m.country_code}</dd>
            <dt>{t('member.verified')}</dt>
            <dd>{m.is_verified ? t('member.yes') : t('member.no')}</dd>
            <dt>{t('member.plus')}</dt>
            <dd>{m.plus_active ? t('member.yes') : t('member.no')}</dd>
            <dt>{t('member.partner')}</dt>
            <dd>{m.partner}</dd>
            <dt>{t('member.since')}</dt>
            <dd>{when(m.created_at)}</dd>
            <dt>{t('member.state')}</dt>
            <dd data-testid="member-state" className={m.locked_at ? s.locked : undefined}>
              {m.locked_at
                ? t('lock.lockedSince', { when: when(m.locked_at), reason: m.locked_reason ?? '' })
                : t('lock.active')}
            </dd>
          </dl>
        </section>
        <section aria-labelledby="member-balances" className={s.section}>
          <h2 id="member-balances">{t('balances.title')}</h2>
          <dl className={s.facts} data-testid="member-balances">
            <dt>{t('balances.cashPayable')}</dt>
            <dd data-testid="cash-payable">
              <Money cents={m.balances.cash_payable_cents} />
            </dd>
            <dt>{t('balances.cashPending')}</dt>
            <dd>
              <Money cents={m.balances.cash_pending_cents} />
            </dd>
            <dt>{t('balances.coinPayable')}</dt>
            <dd>{m.balances.coin_payable}</dd>
            <dt>{t('balances.coinPending')}</dt>
            <dd>{m.balances.coin_pending}</dd>
          </dl>
        </section>
      </div>

      {canLock ? (
        <section aria-labelledby="member-lock" className={s.section}>
          <h2 id="member-lock">{m.locked_at ? t('lock.unlockTitle') : t('lock.lockTitle')}</h2>
          <LockForm member={m} onDone={set} />
        </section>
      ) : null}

      {canAdjust ? (
        <section aria-labelledby="member-adjust" className={s.section}>
          <h2 id="member-adjust">{t('adjust.title')}</h2>
          <AdjustForm
            memberId={m.id}
            threshold={staff?.settings?.adjustment_approval_above_cents}
            onDone={onChange}
          />
        </section>
      ) : null}

      <section aria-labelledby="member-adjustments" className={s.section}>
        <h2 id="member-adjustments">{t('adjust.listTitle')}</h2>
        <AdjustmentsTable
          load={adjustments}
          label={t('adjust.listTitle')}
          what={t('adjust.failed')}
          empty={t('adjust.none')}
          columns={adjustmentColumns}
          testId="member-adjustments"
        />
      </section>

      <PagedSection<MemberLedgerRow>
        id="member-ledger"
        title={t('ledger.title')}
        loadKey={`ledger:${m.id}:${version}`}
        fetchPage={(page) => api.ledger(m.id, page)}
        rowKey={(r) => r.id}
        empty={t('ledger.none')}
        failed={t('ledger.failed')}
        columns={[
          { key: 'when', header: t('ledger.when'), cell: (r) => <When iso={r.created_at} /> },
          { key: 'kind', header: t('ledger.kind'), cell: (r) => r.kind },
          { key: 'reason', header: t('ledger.reason'), cell: (r) => r.reason },
          { key: 'status', header: t('ledger.status'), cell: (r) => r.status },
          {
            key: 'amount',
            header: t('ledger.amount'),
            numeric: true,
            cell: (r) =>
              r.currency === 'cash' ? <Money cents={r.amount} /> : t('ledger.coins', { count: r.amount }),
          },
          { key: 'source', header: t('ledger.source'), cell: (r) => <code>{r.source_ref}</code> },
        ]}
      />

      <PagedSection<MemberClick>
        id="member-clicks"
        title={t('clicks.title')}
        loadKey={`clicks:${m.id}`}
        fetchPage={(page) => api.clicks(m.id, page)}
        rowKey={(c) => c.id}
        empty={t('clicks.none')}
        failed={t('clicks.failed')}
        columns={[
          { key: 'when', header: t('clicks.when'), cell: (c) => <When iso={c.created_at} /> },
          { key: 'store', header: t('clicks.store'), cell: (c) => c.store },
          {
            key: 'rate',
            header: t('clicks.rate'),
            numeric: true,
            cell: (c) =>
              c.rate_type === 'percent' ? (
                `${(c.rate_value / 100).toFixed(2)}%`
              ) : (
                <Money cents={c.rate_value} />
              ),
          },
          { key: 'device', header: t('clicks.device'), cell: (c) => c.device || '—' },
          { key: 'id', header: t('clicks.id'), cell: (c) => <code>{c.id}</code> },
        ]}
      />

      <section aria-labelledby="member-sessions" className={s.section}>
        <h2 id="member-sessions">{t('sessions.title')}</h2>
        <p className={s.note}>{t('sessions.explain', { days: m.sessions.token_life_days })}</p>
        <p>
          {m.sessions.signed_out_everywhere_at
            ? t('sessions.signedOutAt', { when: when(m.sessions.signed_out_everywhere_at) })
            : t('sessions.neverSignedOut')}
        </p>
        {m.sessions.sign_in_links.length ? (
          <DataTable
            rows={m.sessions.sign_in_links}
            rowKey={(l) => l.created_at}
            label={t('sessions.links')}
            caption={t('sessions.links')}
            columns={[
              { key: 'made', header: t('sessions.made'), cell: (l) => when(l.created_at) },
              { key: 'expires', header: t('sessions.expires'), cell: (l) => when(l.expires_at) },
              {
                key: 'used',
                header: t('sessions.used'),
                cell: (l) => (l.used_at ? when(l.used_at) : t('sessions.unused')),
              },
            ]}
          />
        ) : (
          <p className={s.empty}>{t('sessions.noLinks')}</p>
        )}
      </section>

      <section aria-labelledby="member-linked" className={s.section}>
        <h2 id="member-linked">{t('linked.title')}</h2>
        {m.linked_accounts.length ? (
          <DataTable
            rows={m.linked_accounts}
            rowKey={(l) => l.id}
            label={t('linked.title')}
            caption={t('list.caption', { count: m.linked_accounts.length })}
            columns={[
              { key: 'provider', header: t('linked.provider'), cell: (l) => l.provider },
              { key: 'email', header: t('linked.account'), cell: (l) => l.account_email },
              { key: 'status', header: t('linked.status'), cell: (l) => l.status },
              { key: 'since', header: t('linked.since'), cell: (l) => when(l.created_at) },
              { key: 'synced', header: t('linked.synced'), cell: (l) => when(l.last_synced_at) },
              { key: 'error', header: t('linked.error'), cell: (l) => l.sync_error ?? '—' },
            ]}
          />
        ) : (
          <p className={s.empty}>{t('linked.none')}</p>
        )}
      </section>
    </>
  )
}
