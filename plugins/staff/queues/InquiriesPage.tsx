import { StaffLayout } from '../shell/StaffLayout'

/** Not built yet (issue 28). */
export default function InquiriesPage() {
  return <StaffLayout title="InquiriesPage">{null}</StaffLayout>
}
