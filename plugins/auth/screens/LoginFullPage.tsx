import { type ScreenProps, useServices, useStore, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { AuthPanels } from '../components/forms'
import { Page } from '../components/Page'
import { useAfterLogin } from '../components/useAfterLogin'
import { homePath } from '../entry'
import type { Tab } from '../model'

/** /login-full-page: the sign-in and join forms as a page of their own (no modal). */
export default observer(function LoginFullPage({ fallback }: ScreenProps & { fallback?: string }) {
  const { t } = useTranslation('auth')
  const { config } = useServices()
  const auth = useStore('auth')
  const afterLogin = useAfterLogin()
  const [tab, setTab] = useState<Tab>('login')
  return (
    <Page title={t('full.title', { brand: config.brand.name })} testId="login-full-page">
      <AuthPanels
        tab={tab}
        onTab={setTab}
        onDone={(reply, which) => {
          auth.showNotice(
            which === 'register'
              ? { key: 'notice.registered', tone: 'success', text: auth.user.email ?? '' }
              : { key: 'notice.welcome', tone: 'success' },
          )
          afterLogin(reply, fallback ?? homePath(config))
        }}
      />
    </Page>
  )
})
