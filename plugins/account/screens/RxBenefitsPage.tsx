import { Benefits } from '../member/Benefits'

/** /account/rxbenefits: the prescription savings benefit. */
export default function RxBenefitsPage() {
  return <Benefits kind="rx" />
}
