import { Secret, TOTP } from 'otpauth'
import qrcode from 'qrcode-generator'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'

const C = constants.staff.totp

/** A TOTP (RFC 6238, SHA-1, constants.staff.totp's digits and period) for a base32 secret. */
export const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: C.issuer, label, secret, digits: C.digits, period: C.periodSeconds, algorithm: 'SHA1' })

/** A new random secret (160 bits, base32). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

/** The otpauth:// address of a secret (what an authenticator app reads) and its QR code as SVG. */
export function totpEnrolment(secret: string, email: string) {
  const otpauth_url = totpOf(secret, email).toString()
  const qr = qrcode(0, 'M')
  qr.addData(otpauth_url)
  qr.make()
  return { secret, otpauth_url, qr_svg: qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true }) }
}

/**
 * Checks a code against a staff member's secret, within constants.staff.totp.window steps, and
 * claims its time step: a code (or an older one) that already signed in is 'reused'. The claim is one
 * conditional UPDATE, so two sign-ins racing with one code get one success.
 */
export async function acceptTotp(
  db: Db,
  staffId: number,
  secret: string,
  code: string,
): Promise<'ok' | 'invalid' | 'reused'> {
  const t = totpOf(secret)
  const delta = t.validate({ token: code, window: C.window })
  if (delta === null) return 'invalid'
  const step = t.counter() + delta
  const claimed = await db.one(
    'UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id',
    [staffId, step],
  )
  return claimed ? 'ok' : 'reused'
}
