import { constants, useServices, useTranslation } from '@core'
import { useEffect, useState } from 'react'
import { fetchCountry } from '../api'
import { DocPage } from '../components/DocPage'
import { LegalDocument } from '../components/LegalDocument'
import s from '../components/legal.module.css'
import { useLegalDoc } from '../components/useLegalDoc'
import { type PrivacyVariant, privacyVariant } from '../variants'

type Geo = { status: 'loading' } | { status: 'done'; country: string | null }

/** The visitor's country from GET /api/geo; null when the lookup fails or is not needed. */
function useCountry(needed: boolean): Geo {
  const { http } = useServices()
  const [geo, setGeo] = useState<Geo>(needed ? { status: 'loading' } : { status: 'done', country: null })
  useEffect(() => {
    if (!needed) return
    const ctrl = new AbortController()
    fetchCountry(http, ctrl.signal).then(
      (country) => setGeo({ status: 'done', country }),
      () => {
        if (!ctrl.signal.aborted) setGeo({ status: 'done', country: null })
      },
    )
    return () => ctrl.abort()
  }, [http, needed])
  return geo
}

const DOCS: Record<PrivacyVariant, { doc: string; base?: string }> = {
  default: { doc: 'privacy' },
  uk: { doc: 'privacyUk', base: 'privacy' },
  shipping: { doc: 'privacyShipping', base: 'privacy' },
}

function Loading() {
  const { t } = useTranslation('legal')
  const doc = useLegalDoc('privacy')
  return (
    <LegalDocument doc={{ title: doc.title, sections: [] }}>
      <p role="status" className={s.status}>
        {t('privacy.loading')}
      </p>
    </LegalDocument>
  )
}

/**
 * /privacy-policy: the shipping partner's policy on its brand; otherwise the UK/GDPR policy for a
 * visitor from the UK (country UK or GB, from the profile or the IP), else the default US policy.
 */
export default function PrivacyPolicyPage() {
  const { config } = useServices()
  const kind = config.partner?.kind
  const geo = useCountry(kind !== 'shipping')
  if (geo.status === 'loading') return <Loading />
  const variant = privacyVariant(kind, geo.country, constants.ukPrivacyCountryCodes)
  const { doc, base } = DOCS[variant]
  return <DocPage key={variant} doc={doc} base={base} variant={variant} />
}
