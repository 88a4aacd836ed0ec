import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { definePlugin } from '@core'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testRegistry } from '../../tests/unit/kit'
import account from './index'
import { fakeHttp, makeI18n, renderWith } from './member/test-utils'
import { useAccountPages } from './texts'

const root = join(import.meta.dirname, '../..')
const gz = (file: string) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length

function Both() {
  const { t } = useAccountPages()
  return (
    <p>
      {t('history.title')} / {t('member.profile.title')}
    </p>
  )
}

describe("the account's texts (issue 30: a member's first screen, the purchase history)", () => {
  // the account plugin needs the owner of sign-in; a stand-in by that name is enough here
  const registry = testRegistry([definePlugin({ name: 'auth' }), account])

  it("the purchase history loads only 'account'; every other account screen names 'account-pages' too", () => {
    expect(registry.textsOf('account/PurchaseHistoryPage')).toEqual(['account'])
    for (const id of Object.keys(account.screens ?? {}).filter((s) => s !== 'PurchaseHistoryPage'))
      expect(registry.textsOf(`account/${id}`), id).toEqual(['account', 'account-pages'])
  })

  it("'account' is a small part of the account's texts, in English and Spanish", () => {
    for (const lng of ['en', 'es']) {
      const own = gz(`locales/${lng}/account.json`)
      const pages = gz(`locales/${lng}/account-pages.json`)
      expect(own * 3, lng).toBeLessThan(own + pages)
    }
  })

  it.each(['en', 'es'] as const)('useAccountPages finds a key of either namespace (%s)', async (lng) => {
    const i18n = await makeI18n(lng)
    renderWith(<Both />, { i18n, http: fakeHttp({}).http })
    const en = lng === 'en'
    expect(
      await screen.findByText(en ? 'Purchase history / Profile' : 'Historial de compras / Perfil', {
        exact: false,
      }),
    ).toBeTruthy()
  })
})
