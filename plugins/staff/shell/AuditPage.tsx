import { StaffLayout } from './StaffLayout'

/** Not built yet (issue 28). */
export default function AuditPage() {
  return <StaffLayout title="AuditPage">{null}</StaffLayout>
}
