import { reaction } from 'mobx'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { errorText, useStore, useTranslation } from '../../../src/index'
import s from './cookie-error.module.css'
/** SPEC 8 "Cookie fetch failure": an error dialog with the error text. Renders nothing (and loads no texts) otherwise. */
export default function CookieErrorDialog() {
  const store = useStore('tracking')
  const error = useSyncExternalStore(
    (cb) => reaction(() => store.cookieError, cb),
    () => store.cookieError,
  )
  return error ? <ErrorDialog error={error} onClose={() => store.setCookieError(null)} /> : null
}

function ErrorDialog({ error, onClose }: { error: unknown; onClose: () => void }) {
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
