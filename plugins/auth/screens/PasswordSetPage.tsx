import type { ScreenProps } from '@core'
import PasswordResetPage from './PasswordResetPage'

/** /password/set/:token/:email: the reset form titled for a first password. */
export default function PasswordSetPage(props: ScreenProps) {
  return <PasswordResetPage {...props} variant="set" />
}
