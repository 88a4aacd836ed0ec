import { reaction } from 'mobx'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { errorText, useStore, useTranslation } from '../../../src/index'
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
      style={{
        maxWidth: '24rem',
        borderRadius: 'var(--radius)',
        border: '1px solid #ccc',
        padding: '1.25rem',
      }}
    >
      <h2 id="tracking-error-title" style={{ marginTop: 0, fontSize: '1.1rem' }}>
        {t('tracking:cookieError.title')}
      </h2>
      <p>{errorText(t, error)}</p>
      <form method="dialog" onSubmit={onClose}>
        <button type="submit" style={{ minHeight: 44, minWidth: 88 }}>
          {t('tracking:cookieError.close')}
        </button>
      </form>
    </dialog>
  )
}
