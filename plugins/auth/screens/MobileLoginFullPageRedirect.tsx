import { type ScreenProps, usePath } from '@core'
import { observer } from 'mobx-react-lite'
import { FullPageRedirect } from './LoginFullPageRedirect'

/** /mobile-login-full-page-redirect: the same, for the app's web views; without a path, the mobile dashboard. */
export default observer(function MobileLoginFullPageRedirect(props: ScreenProps) {
  return <FullPageRedirect {...props} fallback={usePath('mobile-dashboard') ?? '/'} />
})
