import { Button, buttonClass, constants, RouteLink, storage, useApp, useSession } from '@core'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { InfoPage } from '../components/InfoPage'
import { useCatalogPages } from '../texts'

/**
 * The referral code of a /refer link: `ref` (constants.referenceQueryParam, the link the server gives
 * a member on /account/referrals), or `code`. Letters and digits only, or null.
 */
export function referralCodeOf(search: string): string | null {
  const q = new URLSearchParams(search)
  const code = (q.get(constants.referenceQueryParam) ?? q.get('code') ?? '').trim()
  return /^[A-Za-z0-9]{1,20}$/.test(code) ? code.toUpperCase() : null
}

/**
 * SPEC 2.6 refer: sets the 'refer your friend' flag and keeps the link's referral code, which the
 * registration sends (auth's sign-up and the lander's both register through the auth plugin).
 */
export function rememberReferral(search: string) {
  storage.set(constants.storageKeys.referFlag, '1')
  const code = referralCodeOf(search)
  if (code) storage.set(constants.storageKeys.referralCode, code)
}

/** /refer: sets the 'refer your friend' flag, then invites a visitor to join or a member to share. */
function ReferPage() {
  const { t } = useCatalogPages()
  const { services } = useApp()
  const member = useSession().authenticated
  useEffect(() => {
    rememberReferral(window.location.search)
  }, [])
  return (
    <InfoPage k="apps.refer" testId="refer-page">
      <p>
        {member ? (
          <RouteLink route="account-referrals" className={buttonClass()}>
            {t('apps.referShare')}
          </RouteLink>
        ) : (
          <Button onClick={() => services.events.emit('open-auth', { tab: 'register' })}>
            {t('apps.referJoin')}
          </Button>
        )}
      </p>
    </InfoPage>
  )
}

export default observer(ReferPage)
