import { StaffLayout } from '../shell/StaffLayout'

/** Not built yet (issue 28). */
export default function AdjustmentsPage() {
  return <StaffLayout title="AdjustmentsPage">{null}</StaffLayout>
}
