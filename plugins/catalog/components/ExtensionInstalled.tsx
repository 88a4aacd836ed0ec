import { constants, Dialog, useServices, useTranslation } from '@core'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { dismissPrompt } from '../extension'

/** 'Extension already installed' (SPEC 2.9): after the install flow (?ei=true), for 1.5 seconds. */
export default function ExtensionInstalled() {
  const { t } = useTranslation('catalog')
  const { cookies } = useServices()
  const location = useLocation()
  const [open, setOpen] = useState(false)

  useEffect(() => {
    if (new URLSearchParams(location.search).get('ei') !== 'true') return
    dismissPrompt(cookies, 'second')
    setOpen(true)
  }, [location.search, cookies])
  // shown once per install flow, not again on every page of the same address

  useEffect(() => {
    if (!open) return
    const id = window.setTimeout(() => setOpen(false), constants.extensionInstalledDialogMs)
    return () => window.clearTimeout(id)
  }, [open])

  if (!open) return null
  return (
    <Dialog
      title={t('extension.installedTitle')}
      onClose={() => setOpen(false)}
      closeLabel={t('close')}
      size="small"
      testId="extension-installed"
    >
      <p>{t('extension.installedBody')}</p>
    </Dialog>
  )
}
