import { StaffLayout } from '../shell/StaffLayout'

/** Not built yet (issue 28). */
export default function ClaimsPage() {
  return <StaffLayout title="ClaimsPage">{null}</StaffLayout>
}
