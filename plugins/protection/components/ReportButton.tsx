import { Button, codeText, errorText, HttpError, useTranslation } from '@core'
import { useState } from 'react'
import s from './styles'
import { useProtectionApi } from './useProtectionApi'

/**
 * The member reports a late delivery (shipping) or a missing parcel (package) of one order: POST
 * /api/protection/claims, then `onFiled` (the page reloads). The server's refusals (404
 * order_not_found, 409 claim_exists, 422 not_due) show beside the button in the page's language. The button's
 * name says what; `describedBy` names the order it is about.
 */
export function ReportButton({
  orderId,
  kind,
  describedBy,
  onFiled,
}: {
  orderId: number
  kind: 'shipping' | 'package'
  describedBy?: string
  onFiled: () => void
}) {
  const { t } = useTranslation('protection')
  const api = useProtectionApi()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function report() {
    setBusy(true)
    setError(null)
    try {
      await api.fileClaim({ order_id: orderId, kind })
      onFiled()
    } catch (e) {
      setError(
        e instanceof HttpError && e.code
          ? codeText(t, e.code, errorText(t, e), {
              order_not_found: 'protection:report.errors.order_not_found',
              claim_exists: `protection:report.errors.claim_exists_${kind}`,
              not_due: `protection:report.errors.not_due_${kind}`,
            })
          : errorText(t, e),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={s.actions}>
      <Button
        variant="secondary"
        onClick={report}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-describedby={describedBy}
      >
        {busy ? <span className={s.spin} aria-hidden="true" /> : null}
        {t(kind === 'shipping' ? 'report.late' : 'report.missing')}
      </Button>
      {error ? (
        <p role="alert" className={s.line} data-testid="report-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
