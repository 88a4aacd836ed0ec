import { errorText, useTranslation } from '@core'
import { useEffect, useRef } from 'react'
import s from './cookie-error.module.css'

/** The get-cookie failure's dialog: a chunk of its own, loaded only when that call has failed. */
export default function ErrorDialog({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation(['tracking', 'core'])
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal()
      else d.setAttribute('open', '')
    }
  }, [])
  return (
    <dialog
      ref={ref}
      data-testid="tracking-error"
      aria-labelledby="tracking-error-title"
      onClose={onClose}
      className={s.dialog}
    >
      <h2 id="tracking-error-title" className={s.title}>
        {t('tracking:cookieError.title')}
      </h2>
      <p>{errorText(t, error)}</p>
      <form method="dialog" onSubmit={onClose}>
        <button type="submit" className={s.close}>
          {t('tracking:cookieError.close')}
        </button>
      </form>
    </dialog>
  )
}
