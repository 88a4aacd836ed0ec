import { useServices } from '@core'
import { DocPage } from '../components/DocPage'
import { termsVariant } from '../variants'

/** /terms: the terms of service; a shipping partner's brand gets its own (SPEC 2.6). */
export default function TermsPage() {
  const { config } = useServices()
  const variant = termsVariant(config.partner?.kind)
  return variant === 'shipping' ? (
    <DocPage doc="termsShipping" base="terms" variant="shipping" />
  ) : (
    <DocPage doc="terms" variant="default" />
  )
}
