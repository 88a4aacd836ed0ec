import { constants, Dialog } from '@core'
import { useEffect, useRef } from 'react'
import { useCatalogPages } from '../texts'
import s from './catalog.module.css'

/** 'Redirecting... No Code Required' (SPEC 2.9): shown redirectPopupMs, then the visit goes on. */
export default function RedirectPopup({
  name,
  noCode,
  onClose,
  onDone,
}: {
  name: string
  noCode?: boolean
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useCatalogPages()
  const done = useRef(onDone)
  done.current = onDone
  useEffect(() => {
    const id = window.setTimeout(() => done.current(), constants.redirectPopupMs)
    return () => window.clearTimeout(id)
  }, [])
  return (
    <Dialog
      title={t('redirect.title')}
      onClose={onClose}
      closeLabel={t('close')}
      size="small"
      testId="redirect-popup"
    >
      <p className={s.popupLead}>{noCode ? t('redirect.noCode') : t('redirect.cashback', { name })}</p>
      <p className={s.muted}>{t('redirect.taking', { name })}</p>
      <div className={s.progress} aria-hidden="true" />
    </Dialog>
  )
}
