import type { Session } from '@core'
import { observable, runInAction } from 'mobx'
import { describe, expect, it } from 'vitest'
import { fakeHttp, linked, makeStore, refusal } from './components/test-utils'
import { firstInput, followSession } from './model'

const flush = () => new Promise((r) => setTimeout(r, 0))
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 50 && !ok(); i++) await flush()
}

/** A signed-in member (id 7) whose linked accounts are one Amazon account. */
function signedIn() {
  const { http, calls } = fakeHttp({ 'GET /api/linked/accounts': () => ({ data: [linked(1, 'amazon')] }) })
  const session = observable({ authenticated: true, member: { id: 7 } }) as unknown as Session
  return { calls, session, store: makeStore(http, session) }
}

describe('ProtectionStore (SPEC 3 linked_accounts, loaded with the member)', () => {
  it('signed in: loads GET {base}/accounts in the background after the first input; signed out: forgets them; signed in again: loads again', async () => {
    const { calls, session, store } = signedIn()
    const stop = followSession(store, session, () => Promise.resolve())
    await until(() => store.status === 'success')
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/linked/accounts'])
    expect(store.linked_accounts.map((a) => [a.provider, a.account_email])).toEqual([
      ['amazon', 'dana+amazon@example.com'],
    ])

    runInAction(() => Object.assign(session, { authenticated: false, member: null }))
    expect(store.linked_accounts).toHaveLength(0)
    expect(store.status).toBe('idle')

    runInAction(() => Object.assign(session, { authenticated: true, member: { id: 8 } }))
    await until(() => store.status === 'success')
    expect(calls).toHaveLength(2)
    stop()
  })

  it("a member's first screen asks nothing: the accounts load at the page's first input (a key, a pointer, a touch), once", async () => {
    const { calls, session, store } = signedIn()
    const page = new EventTarget()
    const stop = followSession(store, session, () => firstInput(page))
    for (let i = 0; i < 5; i++) await flush()
    expect(calls).toEqual([])
    expect(store.status).toBe('idle')
    page.dispatchEvent(new Event('keydown'))
    await until(() => store.status === 'success')
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/linked/accounts'])
    page.dispatchEvent(new Event('pointerdown'))
    for (let i = 0; i < 5; i++) await flush()
    expect(calls).toHaveLength(1)
    stop()
  })

  it('a screen that loaded them before the first input is not asked again', async () => {
    const { calls, session, store } = signedIn()
    let input: () => void = () => {}
    const stop = followSession(store, session, () => new Promise<void>((r) => (input = r)))
    await store.load()
    input()
    for (let i = 0; i < 5; i++) await flush()
    expect(calls).toHaveLength(1)
    stop()
  })

  it('a visitor: nothing is asked', async () => {
    const { http, calls } = fakeHttp({})
    const session = observable({ authenticated: false, member: null }) as unknown as Session
    const store = makeStore(http, session)
    followSession(store, session)()
    await flush()
    expect(calls).toEqual([])
    expect(store.status).toBe('idle')
  })

  it('a failed load sets the error status and keeps nothing stale', async () => {
    let fail = false
    const { http } = fakeHttp({
      'GET /api/linked/accounts': () => {
        if (fail) throw refusal(500, 'server_error', 'Boom', 'server')
        return { data: [linked(1, 'amazon'), linked(2, 'expedia')] }
      },
    })
    const store = makeStore(http)
    await store.load()
    expect(store.linked_accounts).toHaveLength(2)
    fail = true
    await expect(store.load()).rejects.toThrow('500')
    expect(store.status).toBe('error')
    expect(store.error).toBeTruthy()
    expect(store.linked_accounts).toHaveLength(0)
  })

  it('a reply that arrives after a sign-out is dropped', async () => {
    let answer: (v: unknown) => void = () => {}
    const { http } = fakeHttp({
      'GET /api/linked/accounts': () => new Promise((r) => (answer = r)),
    })
    const store = makeStore(http)
    const loading = store.load()
    await flush()
    store.clear()
    answer({ data: [linked(1, 'amazon')] })
    await loading
    expect(store.linked_accounts).toHaveLength(0)
    expect(store.status).toBe('idle')
  })

  it('a reply that breaks the contract fails like a broken server', async () => {
    const { http } = fakeHttp({ 'GET /api/linked/accounts': () => ({ data: [{ id: 'x' }] }) })
    const store = makeStore(http)
    await expect(store.load()).rejects.toBeTruthy()
    expect(store.status).toBe('error')
  })
})
