import { config } from '@brand'
import { constants, createEventBus, type GuardContext, type Services } from '@core'
import { describe, expect, it, vi } from 'vitest'
import { auth, guest, signedInOrThankYou } from './guards'

function ctx(href: string, authenticated: boolean) {
  const events = createEventBus()
  const attempts: string[] = []
  events.on('unauthenticated-attempt', ({ path }) => attempts.push(path))
  const c: GuardContext = {
    url: new URL(href, 'http://localhost'),
    params: {},
    store: { auth: { authenticated } },
    services: { events, config } as unknown as Services,
  }
  return { c, attempts }
}

describe('guards (SPEC 2.1)', () => {
  it('guest: a signed-in member goes to /account; a visitor stays', () => {
    expect(guest(ctx('/login', true).c)).toEqual({ redirect: '/account' })
    expect(guest(ctx('/login', false).c)).toBeUndefined()
  })
  it('guest: a link that carries its own key (?token=, the past-due mail) opens for a signed-in member too', () => {
    expect(guest(ctx('/updatepay_method?token=12.345.abc', true).c)).toBeUndefined()
    expect(guest(ctx('/updatepay_method?token=', true).c)).toEqual({ redirect: '/account' })
    expect(guest(ctx('/updatepay_method', true).c)).toEqual({ redirect: '/account' })
  })
  it('auth: records the attempt, keeps the full path, then a full-page load of /login', () => {
    const { c, attempts } = ctx('/account/profile?tab=2', false)
    expect(auth(c)).toEqual({ document: '/login' })
    expect(attempts).toEqual(['/account/profile?tab=2'])
    expect(localStorage.getItem(constants.storageKeys.loginRedirect)).toBe('/account/profile?tab=2')
    expect(localStorage.getItem(constants.storageKeys.redirectedFromIdentity)).toBeNull()
  })
  it('auth: flags a reference parameter in the query', () => {
    auth(ctx(`/account?${constants.referenceQueryParam}=abc`, false).c)
    expect(localStorage.getItem(constants.storageKeys.redirectedFromIdentity)).toBe('1')
  })
  it('auth: lets a member through without recording anything', () => {
    const { c, attempts } = ctx('/account', true)
    const spy = vi.spyOn(Storage.prototype, 'setItem')
    expect(auth(c)).toBeUndefined()
    expect(attempts).toEqual([])
    expect(spy).not.toHaveBeenCalled()
    spy.mockRestore()
  })
  it('/awesome: signed-in only, a visitor goes to /thankyou', () => {
    expect(signedInOrThankYou(ctx('/awesome', false).c)).toEqual({ redirect: '/thankyou' })
    expect(signedInOrThankYou(ctx('/awesome', true).c)).toBeUndefined()
  })
})
