import { constants } from '@core/contract'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { registerErrors } from '../../plugins/auth/components/text'
import { RegisterRequest } from '../../plugins/auth/contract'
import { signupBody } from '../../plugins/auth/flows'
import { validateSignup } from '../../plugins/upsell/forms'

// Issue 32: auth's register form and upsell's lander form take the same sign-up (SPEC 5), and the
// server (auth's contract) decides what it accepts: both forms and the server accept and refuse the
// same values (the server sees what both forms send: auth's signupBody, trimmed).
const t = ((key: string) => key) as unknown as TFunction
const ok = { name: 'Ana', email: 'ana@example.com', password: 'long enough', phone: '', terms: true }
const refused = (errors: Record<string, string | undefined>) =>
  Object.keys(errors)
    .filter((k) => errors[k])
    .sort()
/**
 * The fields the server's contract refuses in what a form sends (terms are the forms' own); the
 * confirmation is the password (both forms send one password and show its refusal there).
 */
const serverRefuses = (v: typeof ok) => {
  const r = RegisterRequest.safeParse(signupBody(v))
  const field = (k: PropertyKey | undefined) => (k === 'password_confirmation' ? 'password' : String(k))
  return r.success ? [] : [...new Set(r.error.issues.map((i) => field(i.path[0])))].sort()
}
const formsRefuse = (v: typeof ok) => refused(validateSignup(v)).filter((k) => k !== 'terms')

describe('the sign-up rules of the auth and upsell forms', () => {
  it.each([
    '',
    '   ',
    '1',
    '12',
    '123',
    '1234',
    '+1 (555) 123-4567',
    '0'.repeat(constants.signup.phoneMaxLength),
    '0'.repeat(constants.signup.phoneMaxLength + 1),
    'abc',
    '555-CALL',
  ])('agree on the phone %j', (phone) => {
    const v = { ...ok, phone }
    expect(refused(validateSignup(v))).toEqual(refused(registerErrors(t, v)))
    expect(serverRefuses(v)).toEqual(formsRefuse(v))
  })

  it('accept a short phone (optional, as the server accepts it) and refuse letters', () => {
    expect(validateSignup({ ...ok, phone: '12' })).toEqual({})
    expect(registerErrors(t, { ...ok, phone: '12' })).toEqual({})
    expect(refused(validateSignup({ ...ok, phone: 'abc' }))).toEqual(['phone'])
  })

  it.each([
    '',
    ' ',
    'ana',
    'ana@',
    'ana@example',
    'ana@example.com',
    ' ana@example.com ',
    'a b@example.com',
    'ana@@example.com',
  ])('agree on the e-mail %j', (email) => {
    const v = { ...ok, email }
    expect(refused(validateSignup(v))).toEqual(refused(registerErrors(t, v)))
    expect(serverRefuses(v)).toEqual(formsRefuse(v))
  })

  it('agree on the name, the password and the terms', () => {
    const v = { name: ' ', email: 'ana@example.com', password: 'short', phone: '', terms: false }
    expect(refused(validateSignup(v))).toEqual(['name', 'password', 'terms'])
    expect(refused(registerErrors(t, v))).toEqual(['name', 'password', 'terms'])
    expect(serverRefuses(v)).toEqual(['name', 'password'])
  })

  it('the server takes a name, e-mail, password and phone up to the limits of config/constants.json and refuses one more character', () => {
    const { nameMaxLength, emailMaxLength, passwordMaxLength, phoneMaxLength } = constants.signup
    const at = {
      ...ok,
      name: 'n'.repeat(nameMaxLength),
      email: `${'e'.repeat(emailMaxLength - '@example.com'.length)}@example.com`,
      password: 'p'.repeat(passwordMaxLength),
      phone: '1'.repeat(phoneMaxLength),
    }
    expect(serverRefuses(at)).toEqual([])
    expect(formsRefuse(at)).toEqual([])
    const over = {
      name: `${at.name}n`,
      email: `e${at.email}`,
      password: `${at.password}p`,
      phone: `${at.phone}1`,
    }
    for (const [field, value] of Object.entries(over))
      expect(serverRefuses({ ...at, [field]: value }), field).toEqual([field])
    // the phone's limit is the pattern both forms check; the other limits the forms leave to the server
    expect(formsRefuse({ ...at, phone: over.phone })).toEqual(['phone'])
  })
})
