import { StaffLayout } from './StaffLayout'

/** Not built yet (issue 28). */
export default function SignInPage() {
  return <StaffLayout title="SignInPage">{null}</StaffLayout>
}
