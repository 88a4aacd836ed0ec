import { StaffLayout } from '../shell/StaffLayout'

/** Not built yet (issue 28). */
export default function MemberPage() {
  return <StaffLayout title="MemberPage">{null}</StaffLayout>
}
