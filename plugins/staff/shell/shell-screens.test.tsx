import { HttpError } from '@core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import AuditPage from './AuditPage'
import type { AuditEntry, StaffAccount, StaffMe } from './contract'
import HomePage from './HomePage'
import SignInPage from './SignInPage'
import StaffAccountsPage from './StaffAccountsPage'
import { setStaff } from './staff-state'
import { type FakeRoutes, now, showStaff, staffMe } from './test-utils'

const me = (over: Partial<StaffMe> = {}): StaffMe =>
  staffMe({ email: 'ada@staff.example', name: 'Ada', role: 'admin', ...over })
const refused = (status: number, field: string, code: string, message: string) =>
  new HttpError(message, 'status', status, { [field]: [message] }, { code, codes: { [field]: code } })

const show = (ui: React.ReactNode, routes: FakeRoutes, opts: { lng?: 'en' | 'es'; path?: string } = {}) =>
  showStaff(ui, routes, { me: null, lng: opts.lng ?? 'en', path: opts.path ?? '/' })

describe('SignInPage', () => {
  it('password, then the code; then the page the guard kept', async () => {
    const calls = await show(
      <SignInPage />,
      {
        'POST /api/staff/sign-in': () => ({
          stage: 'password',
          must_change_password: false,
          totp_setup_needed: false,
        }),
        'POST /api/staff/totp/verify': () => ({
          stage: 'full',
          must_change_password: false,
          totp_setup_needed: false,
        }),
        'GET /api/staff/me': () => ({ data: me() }),
      },
      { path: '/staff/sign-in?next=%2Fstaff%2Faudit' },
    )
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ada@staff.example' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret words here' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const heading = await screen.findByRole('heading', { level: 2, name: 'Your authenticator code' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.queryByLabelText('Your new password')).toBeNull()
    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), {
      target: { value: '123 456' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/staff/audit'))
    expect(calls.find((c) => c.url === '/api/staff/totp/verify')?.body).toEqual({ code: '123456' })
  })

  it('the first sign-in: a new password and the QR set-up with the secret as text', async () => {
    const calls = await show(<SignInPage />, {
      'POST /api/staff/sign-in': () => ({
        stage: 'password',
        must_change_password: true,
        totp_setup_needed: true,
      }),
      'GET /api/staff/me': () => ({
        data: me({ stage: 'password', must_change_password: true, totp_confirmed: false }),
      }),
      'POST /api/staff/totp/setup': () => ({
        secret: 'ABCDEFGHIJKLMNOP',
        otpauth_url: 'otpauth://totp/x?secret=ABCDEFGHIJKLMNOP',
        qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      }),
      'POST /api/staff/totp/verify': () => {
        throw refused(422, 'new_password', 'password_too_short', 'Use at least 12 characters.')
      },
    })
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'new@staff.example' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'temporary' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Finish setting up your account' }),
    ).toBeTruthy()
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy()
    expect(screen.getByTestId('staff-totp-secret').textContent).toBe('ABCDEFGHIJKLMNOP')
    expect(await screen.findByText('At least 12 characters. Not the temporary one.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Your new password'), { target: { value: 'short' } })
    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), {
      target: { value: '654321' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    const field = screen.getByLabelText('Your new password')
    await waitFor(() => expect(document.activeElement).toBe(field))
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('That password is too short.')).toBeTruthy()
    expect(calls.find((c) => c.url === '/api/staff/totp/verify')?.body).toEqual({
      code: '654321',
      new_password: 'short',
    })
  })

  it('a wrong password or code: one message in an alert, in Spanish too', async () => {
    await show(
      <SignInPage />,
      {
        'POST /api/staff/sign-in': () => {
          throw refused(422, 'email', 'staff_sign_in_failed', 'That e-mail, password or code is not right.')
        },
      },
      { lng: 'es' },
    )
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'El correo, la contraseña o el código no son correctos.',
      ),
    )
  })
})

describe('HomePage', () => {
  it('links each queue of the role with its count, in the frame of the role', async () => {
    setStaff(me({ role: 'finance' }))
    await show(<HomePage />, {
      'GET /api/staff/overview': () => ({
        data: [
          { queue: 'payouts', count: 3 },
          { queue: 'claims', count: 0 },
        ],
      }),
    })
    const list = await screen.findByTestId('staff-queue-counts')
    const payouts = within(list).getByRole('link', { name: '3 waiting in Payouts to review' })
    expect(payouts.getAttribute('href')).toBe('/staff/payouts')
    expect(within(list).getByRole('link', { name: '0 waiting in Rebate claims' }).getAttribute('href')).toBe(
      '/staff/claims',
    )
    // the frame: the nav of the role, who is signed in
    expect(screen.getByRole('navigation', { name: 'Staff console' })).toBeTruthy()
    expect(screen.getByText('Signed in as Ada (Finance)')).toBeTruthy()
  })
})

describe('a list that fails to load', () => {
  it('says which, with a retry that loads again', async () => {
    setStaff(me())
    let n = 0
    await show(<HomePage />, {
      'GET /api/staff/overview': () => {
        if (n++ === 0) throw new HttpError('down', 'network')
        return { data: [{ queue: 'chat', count: 1 }] }
      },
    })
    const failed = await screen.findByTestId('load-failed')
    expect(failed.textContent).toContain('The queue counts could not be loaded.')
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: '1 waiting in Live chat' })).toBeTruthy()
  })
})

describe('StaffAccountsPage', () => {
  const account = (over: Partial<StaffAccount>): StaffAccount => ({
    id: 2,
    email: 'sue@staff.example',
    name: 'Sue',
    role: 'support',
    totp_confirmed: true,
    must_change_password: false,
    disabled_at: null,
    created_at: now,
    ...over,
  })

  it('creates an account and shows its temporary password once; a taken address is said under the field', async () => {
    setStaff(me())
    let n = 0
    const calls = await show(<StaffAccountsPage />, {
      'GET /api/staff/accounts': () => ({
        data: [account({ id: 1, email: 'ada@staff.example', role: 'admin' })],
      }),
      'POST /api/staff/accounts': () => {
        if (n++ > 0)
          throw refused(409, 'email', 'staff_email_taken', 'A staff account with this e-mail exists.')
        return {
          data: account({ id: 5, email: 'fin@staff.example', role: 'finance', must_change_password: true }),
          temporary_password: 'temporary-password-1',
        }
      },
    })
    const table = await screen.findByTestId('staff-accounts')
    // one's own account has no Disable button
    expect(within(table).queryByRole('button')).toBeNull()
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'fin@staff.example' } })
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'finance' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    const made = await screen.findByTestId('staff-made')
    await waitFor(() => expect(document.activeElement).toBe(made))
    expect(screen.getByTestId('staff-temporary-password').textContent).toBe('temporary-password-1')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'fin@staff.example',
      name: '',
      role: 'finance',
    })
    expect(within(table).getByText('Not signed in yet')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'fin@staff.example' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')))
    expect(screen.getByText('A staff account with this e-mail exists.')).toBeTruthy()
    // the password was shown once: gone with the next attempt
    expect(screen.queryByTestId('staff-temporary-password')).toBeNull()
  })
})

describe('disabling an account', () => {
  it('asks first, then marks the row disabled and says so in a status', async () => {
    setStaff(me())
    const asked: string[] = []
    const confirm = window.confirm
    window.confirm = (q?: string) => {
      asked.push(q ?? '')
      return true
    }
    try {
      const sue = {
        id: 2,
        email: 'sue@staff.example',
        name: 'Sue',
        role: 'support' as const,
        totp_confirmed: true,
        must_change_password: false,
        disabled_at: null,
        created_at: now,
      }
      const calls = await show(<StaffAccountsPage />, {
        'GET /api/staff/accounts': () => ({ data: [sue] }),
        'POST /api/staff/accounts/2/disable': () => ({ data: { ...sue, disabled_at: now } }),
      })
      fireEvent.click(await screen.findByRole('button', { name: 'Disable sue@staff.example' }))
      expect(await screen.findByText('sue@staff.example is disabled.')).toBeTruthy()
      expect(asked).toEqual(['Disable sue@staff.example? Their sessions end at once.'])
      expect(within(screen.getByTestId('staff-accounts')).getByText('Disabled')).toBeTruthy()
      expect(screen.queryByRole('button', { name: 'Disable sue@staff.example' })).toBeNull()
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        '/api/staff/accounts/2/disable',
      ])
    } finally {
      window.confirm = confirm
    }
  })
})

describe('AuditPage', () => {
  it('reads the filters from the address, shows the rows and pages', async () => {
    setStaff(me())
    const row: AuditEntry = {
      id: 9,
      staff_id: 1,
      actor: 'ada@staff.example',
      action: 'payout.approve',
      target: 'withdrawal:12',
      before: { status: 'review' },
      after: { status: 'approved' },
      at: now,
    }
    const calls = await show(
      <AuditPage />,
      {
        'GET /api/staff/audit?action=payout.&page=2': () => ({
          data: [row],
          page: 2,
          per_page: 50,
          total: 120,
          has_more: true,
        }),
      },
      { path: '/staff/audit?action=payout.&page=2' },
    )
    const table = await screen.findByTestId('staff-audit')
    expect(within(table).getByText('withdrawal:12')).toBeTruthy()
    expect(within(table).getByText('{"status":"approved"}')).toBeTruthy()
    expect(screen.getByText('120 entries').getAttribute('role')).toBe('status')
    expect((screen.getByLabelText('Action') as HTMLInputElement).value).toBe('payout.')
    const pager = screen.getByRole('navigation', { name: 'Pages of the audit log' })
    expect(within(pager).getByText('Page 2 of 3')).toBeTruthy()
    expect(within(pager).getByRole('link', { name: 'Older' }).getAttribute('href')).toBe(
      '/staff/audit?action=payout.&page=3',
    )
    expect(calls).toHaveLength(1)
  })
})
