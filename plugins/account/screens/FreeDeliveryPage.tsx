import { Benefits } from '../member/Benefits'

/** /account/fdrd: the free-delivery benefits. */
export default function FreeDeliveryPage() {
  return <Benefits kind="fd" />
}
