import { useSession } from '@core'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { MobilePage } from './MobilePage'
import { SignInPrompt } from './SignInPrompt'

/**
 * An app page that shows a member's part: the MobilePage with a back link, the part for a member,
 * the sign-in prompt for a visitor (these routes have no guard: the app opens them as they are).
 */
export const MemberPage = observer(function MemberPage({
  title,
  testId,
  nav = true,
  children,
}: {
  title: string
  testId: string
  nav?: boolean
  children: ReactNode
}) {
  const session = useSession()
  const { pathname, search } = useLocation()
  return (
    <MobilePage title={title} back nav={nav} testId={testId}>
      {session.authenticated ? children : <SignInPrompt next={`${pathname}${search}`} />}
    </MobilePage>
  )
})
