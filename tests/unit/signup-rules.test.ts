import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { registerErrors } from '../../plugins/auth/components/text'
import { validateSignup } from '../../plugins/upsell/forms'

// Issue 32: auth's register form and upsell's lander form take the same sign-up (SPEC 5), and the
// server (auth's contract) decides what it accepts: both forms accept and refuse the same values.
const t = ((key: string) => key) as unknown as TFunction
const ok = { name: 'Ana', email: 'ana@example.com', password: 'long enough', phone: '', terms: true }
const refused = (errors: Record<string, string | undefined>) =>
  Object.keys(errors)
    .filter((k) => errors[k])
    .sort()

describe('the sign-up rules of the auth and upsell forms', () => {
  it.each([
    '',
    '   ',
    '1',
    '12',
    '123',
    '1234',
    '+1 (555) 123-4567',
    '0'.repeat(25),
    '0'.repeat(26),
    'abc',
    '555-CALL',
  ])('agree on the phone %j', (phone) => {
    const v = { ...ok, phone }
    expect(refused(validateSignup(v))).toEqual(refused(registerErrors(t, v)))
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
  })

  it('agree on the name, the password and the terms', () => {
    const v = { name: ' ', email: 'ana@example.com', password: 'short', phone: '', terms: false }
    expect(refused(validateSignup(v))).toEqual(['name', 'password', 'terms'])
    expect(refused(registerErrors(t, v))).toEqual(['name', 'password', 'terms'])
  })
})
