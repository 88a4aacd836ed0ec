import { StaffLayout } from '../shell/StaffLayout'

/** Not built yet (issue 28). */
export default function MembersPage() {
  return <StaffLayout title="MembersPage">{null}</StaffLayout>
}
