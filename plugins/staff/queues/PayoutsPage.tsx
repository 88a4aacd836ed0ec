import { StaffLayout } from '../shell/StaffLayout'

/** Not built yet (issue 28). */
export default function PayoutsPage() {
  return <StaffLayout title="PayoutsPage">{null}</StaffLayout>
}
