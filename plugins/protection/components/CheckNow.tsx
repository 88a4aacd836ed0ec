import { Button, codeText, errorText, HttpError, useTranslation } from '@core'
import { useRef, useState } from 'react'
import type { SyncReply } from '../contract'
import s from './styles'
import { useProtectionApi } from './useProtectionApi'

/**
 * "Check now": reads the member's linked accounts at once and runs the watcher (POST {base}/sync).
 * Disabled with a turning ring while it runs; then a status line says how many claims it found, or
 * why it did not run (429: the server's "try again later", in the page's language). `onDone` gets
 * the reply (the accounts as they are now), `onSettled` runs after every attempt (the page reloads).
 */
export function CheckNow({
  onDone,
  onSettled,
}: {
  onDone?: (reply: SyncReply) => void
  onSettled?: () => void
}) {
  const { t } = useTranslation('protection')
  const api = useProtectionApi()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null)
  const running = useRef(false)

  async function check() {
    if (running.current) return
    running.current = true
    setBusy(true)
    setMessage(null)
    try {
      const reply = await api.sync()
      setMessage({ text: t('check.done', { count: reply.claims_found }), failed: false })
      onDone?.(reply)
    } catch (e) {
      const tooSoon = e instanceof HttpError && (e.status === 429 || e.code === 'rate_limited')
      setMessage({
        text: tooSoon
          ? codeText(t, 'rate_limited', '', { rate_limited: 'protection:check.tooSoon' })
          : t('check.failed', { reason: errorText(t, e) }),
        failed: true,
      })
    } finally {
      running.current = false
      setBusy(false)
      onSettled?.()
    }
  }

  return (
    <div className={s.bar}>
      <Button variant="secondary" onClick={check} disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span className={s.spin} aria-hidden="true" /> : null}
        {t('check.button')}
      </Button>
      <p role="status" className={message?.failed ? s.muted : undefined} data-testid="check-status">
        {busy ? t('check.busy') : (message?.text ?? '')}
      </p>
    </div>
  )
}
