import { Button, pathTo, useServices, useTranslation } from '@core'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { decline } from '../api'
import { EndPage } from '../components/EndPage'
import s from '../components/upsell.module.css'

/** /spoptout: continue without the membership, one button; the decline is recorded, then /splnothanq. */
export default function OptOutPage() {
  const { t } = useTranslation('upsell')
  const { http, track, config } = useServices()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const tpsha1 = new URLSearchParams(window.location.search).get('tpsha1') ?? undefined
  async function optOut() {
    setBusy(true)
    track('upsell_declined', { plan: 'plus', from: 'spoptout' })
    let to = pathTo(config, 'splnothanq') ?? '/'
    try {
      to = (await decline(http, 'plus', tpsha1)).redirect || to
    } catch {
      // leaving does not depend on the server recording it
    }
    navigate(tpsha1 ? `${to}?tpsha1=${encodeURIComponent(tpsha1)}` : to)
  }
  return (
    <EndPage testId="optout-page" title={t('optout.title')}>
      <p>{t('optout.body')}</p>
      <p className={s.centeredActions}>
        <Button size="large" onClick={optOut} disabled={busy}>
          {t('optout.confirm')}
        </Button>
        <Button variant="link" onClick={() => navigate(-1)}>
          {t('optout.back')}
        </Button>
      </p>
    </EndPage>
  )
}
