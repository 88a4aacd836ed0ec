import { StaffLayout } from '../shell/StaffLayout'

/** Not built yet (issue 28). */
export default function ChatPage() {
  return <StaffLayout title="ChatPage">{null}</StaffLayout>
}
