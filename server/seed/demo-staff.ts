import type { Db } from '../db/index.ts'
import { hashPassword } from '../lib/password.ts'
import type { StaffRole } from '../lib/staff/session.ts'

/**
 * Demo staff (issue 28), outside production only, with the demo member (SEED_DEMO=1, npm run dev,
 * tests): a published password and published TOTP secrets (RFC 6238, base32), so the end-to-end tests
 * and a developer can sign in. Each test that signs in uses its own account: a code signs in once.
 * A real deployment makes its first admin with `npm run staff -- add EMAIL --role admin`.
 */
export const DEMO_STAFF_PASSWORD = 'demo-staff-console-2026'
export const DEMO_STAFF: readonly { email: string; name: string; role: StaffRole; totpSecret: string }[] = [
  { email: 'admin@staff.example', name: 'Ada Admin', role: 'admin', totpSecret: 'JBSWY3DPEHPK3PXPADMIN2AA' },
  { email: 'admin2@staff.example', name: 'Abe Admin', role: 'admin', totpSecret: 'JBSWY3DPEHPK3PXPADMIN3BB' },
  {
    email: 'finance@staff.example',
    name: 'Fay Finance',
    role: 'finance',
    totpSecret: 'JBSWY3DPEHPK3PXPFINAN2CC',
  },
  {
    email: 'finance2@staff.example',
    name: 'Finn Finance',
    role: 'finance',
    totpSecret: 'JBSWY3DPEHPK3PXPFINAN3DD',
  },
  {
    email: 'finance3@staff.example',
    name: 'Flo Finance',
    role: 'finance',
    totpSecret: 'JBSWY3DPEHPK3PXPFINAN4EE',
  },
  {
    email: 'support@staff.example',
    name: 'Sue Support',
    role: 'support',
    totpSecret: 'JBSWY3DPEHPK3PXPSUPPO2FF',
  },
  {
    email: 'support2@staff.example',
    name: 'Sid Support',
    role: 'support',
    totpSecret: 'JBSWY3DPEHPK3PXPSUPPO3GG',
  },
]

/** Seeds the demo staff accounts that are missing, ready to sign in (password set, second factor confirmed). */
export async function seedDemoStaff(db: Db) {
  const hash = await hashPassword(DEMO_STAFF_PASSWORD)
  for (const s of DEMO_STAFF) {
    await db.query(
      `INSERT INTO staff (email, name, role, password_hash, must_change_password, totp_secret, totp_confirmed_at)
       VALUES ($1, $2, $3, $4, false, $5, now()) ON CONFLICT ((lower(email))) DO NOTHING`,
      [s.email, s.name, s.role, hash, s.totpSecret],
    )
  }
}
