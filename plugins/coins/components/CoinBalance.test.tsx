import type { Session } from '@core'
import { screen } from '@testing-library/react'
import { observable, runInAction } from 'mobx'
import { describe, expect, it } from 'vitest'
import CoinBalance from './CoinBalance'
import { fakeHttp, fakeSession, makeI18n, member, renderWith } from './test-utils'

describe('CoinBalance (header.actions)', () => {
  it("shows the member's coins as a link to the coin history and follows the session", async () => {
    const session = observable({ ...fakeSession({ ...member, coins: 1250 }).session }) as Session
    renderWith(<CoinBalance />, { i18n: await makeI18n(), http: fakeHttp({}).http, session })
    const link = screen.getByRole('link', { name: 'Coin balance: 1,250 coins' })
    expect(link.getAttribute('href')).toBe('/account/coin/history')
    expect(screen.getByTestId('header-coins-value').textContent).toBe('1,250')
    // a resync (the complete page) or the token sync replaces the member: the header follows
    runInAction(() => {
      ;(session as { member: typeof member }).member = { ...member, coins: 1750 }
    })
    expect((await screen.findByRole('link', { name: 'Coin balance: 1,750 coins' })).textContent).toBe('1,750')
  })

  it('shows nothing for a visitor or on a brand without coins (coins null)', async () => {
    const i18n = await makeI18n('es')
    const { unmount } = renderWith(<CoinBalance />, {
      i18n,
      http: fakeHttp({}).http,
      session: fakeSession(null).session,
    })
    expect(screen.queryByTestId('header-coins')).toBeNull()
    unmount()
    renderWith(<CoinBalance />, {
      i18n,
      http: fakeHttp({}).http,
      session: fakeSession({ ...member, coins: null }).session,
    })
    expect(screen.queryByTestId('header-coins')).toBeNull()
  })
})
