import { StaffLayout } from './StaffLayout'

/** Not built yet (issue 28). */
export default function HomePage() {
  return <StaffLayout title="HomePage">{null}</StaffLayout>
}
