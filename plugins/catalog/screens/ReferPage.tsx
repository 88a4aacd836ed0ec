import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { storage, useApp, useTranslation } from '../../../src/index'
import s from '../components/catalog.module.css'
import { InfoPage } from '../components/InfoPage'
import { memberOf } from '../components/visit'

/** Local storage key of the 'refer your friend' flag (SPEC 2.6 refer) that sign-up reads. */
export const REFER_FLAG_KEY = 'refer_your_friend'

/** /refer: sets the 'refer your friend' flag, then invites a visitor to join or a member to share. */
export default function ReferPage() {
  const { t } = useTranslation('catalog')
  const { store, services } = useApp()
  const member = memberOf(store).authenticated
  useEffect(() => {
    storage.set(REFER_FLAG_KEY, '1')
  }, [])
  return (
    <InfoPage k="apps.refer" testId="refer-page">
      <p>
        {member ? (
          <Link to="/account/referrals" className={s.primaryLink}>
            {t('apps.referShare')}
          </Link>
        ) : (
          <button
            type="button"
            className={s.primary}
            onClick={() => services.events.emit('open-auth', { tab: 'register' })}
          >
            {t('apps.referJoin')}
          </button>
        )}
      </p>
    </InfoPage>
  )
}
