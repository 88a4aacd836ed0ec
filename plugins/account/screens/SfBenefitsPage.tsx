import { Benefits } from '../member/Benefits'

/** /account/sfbenefits: the free-shipping benefits. */
export default function SfBenefitsPage() {
  return <Benefits kind="sf" />
}
