import { useStore } from '@core'
import { observer } from 'mobx-react-lite'
import { EmailPrompt, MergePrompt, VerifyPrompt } from './Prompts'

/** The verify, email-entry and merge prompts (loaded only when one is asked for). */
export default observer(function PromptHost() {
  const auth = useStore('auth')
  if (auth.modal) return null
  if (auth.prompt === 'verify') return <VerifyPrompt />
  if (auth.prompt === 'email') return <EmailPrompt />
  if (auth.prompt === 'merge') return <MergePrompt />
  return null
})
