import {
  Button,
  DataTable,
  Fields,
  FormAlert,
  LoadView,
  useForm,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import { useEffect, useRef, useState } from 'react'
import { staffApi } from './api'
import { type StaffAccount, type StaffRoleName, StaffRoles } from './contract'
import { staffErrorText, staffFormErrors } from './errors'
import { StaffLayout, useStaff } from './StaffLayout'
import s from './staff.module.css'

/** An account's state in words: disabled, waiting for its first sign-in, or active. */
const stateOf = (a: StaffAccount) =>
  a.disabled_at ? 'disabled' : a.must_change_password || !a.totp_confirmed ? 'pending' : 'active'

/**
 * The admin's staff accounts: every account with its role and state, a form that makes one (its
 * temporary password is shown once, here), and disabling one (its sessions end at once).
 */
export default function StaffAccountsPage() {
  const { t } = useTranslation('staff')
  const { http } = useServices()
  const api = staffApi(http)
  const me = useStaff()
  const accounts = useLoad('staff-accounts', () => api.accounts())
  const form = useForm({ email: '', name: '' })
  const [role, setRole] = useState<StaffRoleName>('support')
  const [made, setMade] = useState<{ email: string; password: string } | null>(null)
  const [status, setStatus] = useState('')
  const madeRef = useRef<HTMLElement>(null)

  useEffect(() => {
    if (made) madeRef.current?.focus()
  }, [made])

  const create = form.onSubmit(async (v) => {
    setMade(null)
    try {
      const r = await api.createAccount({ email: v.email.trim(), name: v.name.trim(), role })
      setMade({ email: r.data.email, password: r.temporary_password })
      accounts.update((d) => ({ data: [...d.data, r.data] }))
      form.set('email', '')
      form.set('name', '')
      form.show({})
    } catch (e) {
      const { fields, form: alert } = staffFormErrors(t, e, ['email', 'name', 'role'])
      form.show(fields, alert)
    }
  })

  const disable = async (a: StaffAccount) => {
    if (!window.confirm(t('accounts.confirmDisable', { email: a.email }))) return
    setStatus('')
    try {
      const r = await api.disableAccount(a.id)
      accounts.update((d) => ({ data: d.data.map((x) => (x.id === a.id ? r.data : x)) }))
      setStatus(t('accounts.disabled', { email: a.email }))
    } catch (err) {
      setStatus(staffErrorText(t, err))
    }
  }

  return (
    <StaffLayout title={t('accounts.title')}>
      <section aria-labelledby="staff-new-account" className={s.card}>
        <h2 id="staff-new-account">{t('accounts.newTitle')}</h2>
        <form ref={form.ref} className={s.form} onSubmit={create} noValidate>
          <Fields
            form={form}
            fields={[
              { id: 'email', label: t('accounts.email'), type: 'email', autoComplete: 'off', required: true },
              { id: 'name', label: t('accounts.name'), autoComplete: 'off' },
            ]}
          />
          <div>
            <label className={s.label} htmlFor="staff-account-role">
              {t('accounts.role')}
            </label>
            <select
              id="staff-account-role"
              className={s.select}
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRoleName)}
            >
              {StaffRoles.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <FormAlert text={form.alert} />
          <Button type="submit" disabled={form.busy}>
            {form.busy ? t('accounts.creating') : t('accounts.create')}
          </Button>
        </form>
        {made ? (
          <section ref={madeRef} tabIndex={-1} aria-labelledby="staff-made" data-testid="staff-made">
            <h3 id="staff-made">{t('accounts.madeTitle', { email: made.email })}</h3>
            <p>{t('accounts.madeLead')}</p>
            <p>
              {t('accounts.temporaryPassword')}{' '}
              <code className={s.secret} data-testid="staff-temporary-password">
                {made.password}
              </code>
            </p>
          </section>
        ) : null}
      </section>
      <section aria-labelledby="staff-accounts-list">
        <h2 id="staff-accounts-list">{t('accounts.listTitle')}</h2>
        <p role="status">{status}</p>
        <LoadView load={accounts} what={t('accounts.failed')}>
          {(r) => (
            <DataTable
              rows={r.data}
              rowKey={(a) => a.id}
              label={t('accounts.listTitle')}
              caption={t('accounts.caption', { count: r.data.length })}
              testId="staff-accounts"
              columns={[
                { key: 'email', header: t('accounts.email'), cell: (a) => a.email },
                { key: 'name', header: t('accounts.name'), cell: (a) => a.name || '—' },
                { key: 'role', header: t('accounts.role'), cell: (a) => t(`roles.${a.role}`) },
                {
                  key: 'state',
                  header: t('accounts.state'),
                  cell: (a) => <span className={s.badge}>{t(`accounts.states.${stateOf(a)}`)}</span>,
                },
                {
                  key: 'actions',
                  header: t('accounts.actions'),
                  cell: (a) =>
                    a.disabled_at || a.id === me?.id ? null : (
                      <Button
                        variant="secondary"
                        onClick={() => disable(a)}
                        aria-label={t('accounts.disableLabel', { email: a.email })}
                      >
                        {t('accounts.disable')}
                      </Button>
                    ),
                },
              ]}
            />
          )}
        </LoadView>
      </section>
    </StaffLayout>
  )
}
