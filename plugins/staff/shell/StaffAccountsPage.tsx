import { StaffLayout } from './StaffLayout'

/** Not built yet (issue 28). */
export default function StaffAccountsPage() {
  return <StaffLayout title="StaffAccountsPage">{null}</StaffLayout>
}
