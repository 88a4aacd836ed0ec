import { StaffLayout } from '../shell/StaffLayout'

/** Not built yet (issue 28). */
export default function ProtectionClaimsPage() {
  return <StaffLayout title="ProtectionClaimsPage">{null}</StaffLayout>
}
