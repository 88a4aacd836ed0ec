import { Button, Dialog, FormAlert, HttpError, useForm, useLoad, useTranslation } from '@core'
import { useState } from 'react'
import { StaffLayout, useStaff } from '../shell/StaffLayout'
import { useMembersApi } from './api'
import type { Adjustment } from './contract'
import { failureOf, failureText, ReasonField, reasonCheck, StaffForm } from './MemberForms'
import s from './members.module.css'
import { AdjustmentsTable, useAdjustmentColumns } from './parts'

/**
 * The four-eyes queue (issue 28): adjustments above the threshold waiting for a second staff member.
 * Anyone of finance or admin but the requester approves (booked once) or rejects with a reason.
 */
export default function AdjustmentsPage() {
  const { t } = useTranslation('staff-members')
  const api = useMembersApi()
  const staff = useStaff()
  const pending = useLoad('adjustments:pending', () => api.pending())
  const [said, setSaid] = useState('')
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const [rejecting, setRejecting] = useState<Adjustment | null>(null)
  const columns = useAdjustmentColumns(true)

  /** Drops a decided row, says what happened; a row someone else decided meanwhile goes too. */
  const decided = (a: Adjustment, text: string) => {
    pending.update((r) => ({ data: r.data.filter((x) => x.id !== a.id) }))
    setSaid(text)
  }

  async function approve(a: Adjustment) {
    setBusy(a.id)
    setAlert(null)
    setSaid('')
    try {
      await api.approve(a.id)
      decided(a, t('queue.approved', { email: a.member.email }))
    } catch (e) {
      if (e instanceof HttpError && e.code === 'adjustment_decided')
        decided(a, t('errors.adjustment_decided'))
      else setAlert(failureText(t, e))
    } finally {
      setBusy(null)
    }
  }

  return (
    <StaffLayout title={t('queue.title')}>
      <p className={s.note}>{t('queue.lead')}</p>
      <p role="status" className={s.status} data-testid="queue-status">
        {said}
      </p>
      <FormAlert text={alert} />
      <AdjustmentsTable
        load={pending}
        label={t('queue.title')}
        what={t('queue.failed')}
        empty={t('queue.none')}
        testId="pending-adjustments"
        rowProps={(a) => ({ 'data-adjustment': String(a.id) })}
        columns={[
          ...columns.filter((c) => c.key !== 'status'),
          {
            key: 'actions',
            header: t('queue.actions'),
            cell: (a) =>
              a.requested_by.id === staff?.id ? (
                <span className={s.note}>{t('queue.own')}</span>
              ) : (
                <div className={s.actions}>
                  <Button
                    onClick={() => approve(a)}
                    disabled={busy !== null}
                    aria-label={t('queue.approveLabel', { id: a.id, email: a.member.email })}
                  >
                    {t('queue.approve')}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => setRejecting(a)}
                    disabled={busy !== null}
                    aria-label={t('queue.rejectLabel', { id: a.id, email: a.member.email })}
                  >
                    {t('queue.reject')}
                  </Button>
                </div>
              ),
          },
        ]}
      />
      {rejecting ? (
        <RejectDialog
          adjustment={rejecting}
          onClose={() => setRejecting(null)}
          onDone={(a, text) => {
            setRejecting(null)
            decided(a, text)
          }}
        />
      ) : null}
    </StaffLayout>
  )
}

function RejectDialog({
  adjustment: a,
  onClose,
  onDone,
}: {
  adjustment: Adjustment
  onClose: () => void
  onDone: (a: Adjustment, text: string) => void
}) {
  const { t } = useTranslation('staff-members')
  const api = useMembersApi()
  const f = useForm({ reason: '' }, { clearErrorOnChange: true })
  const send = async (v: { reason: string }) => {
    try {
      await api.reject(a.id, v.reason.trim())
      onDone(a, t('queue.rejected', { email: a.member.email }))
    } catch (e) {
      if (e instanceof HttpError && e.code === 'adjustment_decided') onDone(a, t('errors.adjustment_decided'))
      else f.show(...failureOf(t, e))
    }
  }
  return (
    <Dialog
      title={t('queue.rejectTitle', { email: a.member.email })}
      onClose={onClose}
      closeLabel={t('queue.close')}
    >
      <StaffForm
        form={f}
        onSubmit={f.onSubmit(send, reasonCheck(t))}
        submit={t('queue.rejectSubmit')}
        more={
          <Button variant="secondary" onClick={onClose}>
            {t('queue.cancel')}
          </Button>
        }
      >
        <ReasonField id="reject-reason" label={t('queue.rejectReason')} form={f} />
      </StaffForm>
    </Dialog>
  )
}
