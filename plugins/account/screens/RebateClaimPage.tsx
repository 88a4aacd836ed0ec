import {
  Button,
  constants,
  Field,
  FormAlert,
  formatCents,
  HttpError,
  Page,
  type ScreenProps,
  useForm,
  useLoad,
  useServices,
  useSession,
  useTranslation,
} from '@core'
import type { TFunction } from 'i18next'
import { observer } from 'mobx-react-lite'
import { useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import {
  CLAIM_BENEFITS,
  type Claim,
  type ClaimBenefit,
  type ClaimLimits,
  claimCaps,
  isClaimBenefit,
  RECEIPT_ACCEPT,
} from '../claim-contract'
import { parseDollars } from '../components/amount-input'
import { ledgerApi } from '../components/ledger-api'
import { RebateClaimsList } from '../components/RebateClaims'
import s from '../member/styles'

const FIELDS = ['benefit_type', 'order_number', 'order_date', 'amount', 'receipt'] as const
/** `receipt`: the chosen file's name (the file itself is kept beside the form) */
type Values = Record<(typeof FIELDS)[number], string>
const DAY_MS = 86_400_000
const mbOf = (limits: ClaimLimits) => Math.round(limits.receipt_max_bytes / 1024 / 1024)

/**
 * The text of a refusal by its code (over_monthly_cap names what is left). The limits come with the
 * claims list (the server's constants; none in the browser build): before they have, the server's words.
 */
function refusalText(
  t: TFunction,
  lng: string,
  e: unknown,
  field: string,
  limits: ClaimLimits | undefined,
): string {
  if (!(e instanceof HttpError)) return t('claim.errors.network')
  const code = (field ? e.codes[field] : undefined) ?? e.code ?? ''
  const left = (e.data as { left_cents?: unknown } | undefined)?.left_cents
  if (!limits && (code === 'receipt_too_big' || code === 'order_too_old'))
    return e.firstError || t('claim.errors.generic')
  return (
    t(`claim.errors.${code}`, {
      mb: limits ? mbOf(limits) : '',
      days: limits?.order_max_age_days ?? '',
      left: typeof left === 'number' ? formatCents(left, lng) : '',
      defaultValue: '',
    }) ||
    e.firstError ||
    t('claim.errors.generic')
  )
}

/** The file's bytes as base64 (what the claim's JSON body carries). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader()
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''))
    r.onerror = () => reject(r.error)
    r.readAsDataURL(file)
  })
}

/**
 * /account/rebates/{benefit_type}/claim: the claim form of a Plus benefit that pays by claim (issue 27):
 * benefit, order number, order date, amount and receipt; what is left of the monthly cap; below, the
 * claims of that benefit with their status.
 */
export default observer(function RebateClaimPage({ params }: ScreenProps) {
  const { t } = useTranslation('account')
  const session = useSession()
  const type = params.benefit_type
  const typeName = type ? t(`benefit.${type}`, { defaultValue: type }) : ''
  if (!isClaimBenefit(type))
    return (
      <Page title={t('claim.unknownTitle')} className={s.page} testId="rebate-claim-unknown">
        <p>{t('claim.unknown')}</p>
        <Link to="/account/rebates">{t('rebates.all')}</Link>
      </Page>
    )
  if (session.member && !session.member.plus)
    return (
      <Page title={t('claim.plusTitle')} className={s.page} testId="rebate-claim-plus">
        <p>{t('claim.plus')}</p>
        <Link to="/account/subscription">{t('claim.plusLink')}</Link>
      </Page>
    )
  return (
    <Page title={t('claim.title', { type: typeName })} className={s.page} testId="rebate-claim-page">
      <ClaimView type={type} />
    </Page>
  )
})

function ClaimView({ type }: { type: ClaimBenefit }) {
  const { t } = useTranslation('account')
  const { http } = useServices()
  const claims = useLoad(`claims:${type}`, () => ledgerApi(http).claims({ benefit_type: type }))
  return (
    <>
      <p>{t('claim.lead')}</p>
      <ClaimForm
        type={type}
        left={claims.data?.left[type]}
        limits={claims.data?.limits}
        onFiled={(c, left) =>
          claims.set({
            data: [c, ...(claims.data?.data ?? []).filter((x) => x.id !== c.id)],
            left,
            limits: claims.data?.limits ?? { receipt_max_bytes: 0, order_max_age_days: 0 },
          })
        }
      />
      <RebateClaimsList load={claims} />
      <p>
        <Link to={`/account/rebates/${type}`}>
          {t('claim.back', { type: t(`benefit.${type}`, { defaultValue: type }) })}
        </Link>
      </p>
    </>
  )
}

function ClaimForm({
  type,
  left,
  limits,
  onFiled,
}: {
  type: ClaimBenefit
  left: number | undefined
  limits: ClaimLimits | undefined
  onFiled: (c: Claim, left: Record<string, number>) => void
}) {
  const { t, i18n } = useTranslation('account')
  const lng = i18n.language
  const { http } = useServices()
  const navigate = useNavigate()
  const [file, setFile] = useState<File | null>(null)
  const [done, setDone] = useState(false)
  const doneRef = useRef<HTMLParagraphElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const f = useForm<Values>(
    { benefit_type: type, order_number: '', order_date: '', amount: '', receipt: '' },
    { clearErrorOnChange: true },
  )
  const now = Date.now()
  const today = new Date(now).toISOString().slice(0, 10)
  const earliest = limits
    ? new Date(now - limits.order_max_age_days * DAY_MS).toISOString().slice(0, 10)
    : undefined
  const cap = claimCaps(constants)[type] ?? null

  function validate(v: Values) {
    setDone(false)
    const out: Partial<Values> = {}
    if (!v.order_number.trim()) out.order_number = t('claim.errors.order_required')
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.order_date)) out.order_date = t('claim.errors.date_required')
    const cents = parseDollars(v.amount)
    if (!v.amount.trim()) out.amount = t('claim.errors.amount_required')
    else if (cents === null || cents < 1) out.amount = t('claim.errors.amount_invalid')
    if (!file) out.receipt = t('claim.errors.receipt_required')
    else if (limits && file.size > limits.receipt_max_bytes)
      out.receipt = t('claim.errors.receipt_too_big', { mb: mbOf(limits) })
    return out
  }

  const submit = f.onSubmit(async (v) => {
    try {
      const r = await ledgerApi(http).fileClaim({
        benefit_type: v.benefit_type as ClaimBenefit,
        order_number: v.order_number.trim(),
        order_date: v.order_date,
        amount_cents: parseDollars(v.amount) ?? 0,
        receipt: { name: file!.name, data: await base64Of(file!) },
      })
      setDone(true)
      onFiled(r.data, r.left)
      f.set('order_number', '')
      f.set('order_date', '')
      f.set('amount', '')
      f.set('receipt', '')
      setFile(null)
      if (fileRef.current) fileRef.current.value = ''
      setTimeout(() => doneRef.current?.focus(), 0)
    } catch (e) {
      if (!(e instanceof HttpError) || e.kind !== 'status' || !e.errors) {
        f.show({}, refusalText(t, lng, e, '', limits))
        return
      }
      const fields: Partial<Record<string, string>> = {}
      let alert: string | null = null
      for (const key of Object.keys(e.errors)) {
        const field = key === 'amount_cents' ? 'amount' : key.startsWith('receipt') ? 'receipt' : key
        const text = refusalText(t, lng, e, key, limits)
        if ((FIELDS as readonly string[]).includes(field)) fields[field] ??= text
        else alert ??= text
      }
      f.show(fields, alert)
    }
  }, validate)

  const benefit = f.text('benefit_type')
  return (
    <form
      ref={f.ref}
      onSubmit={submit}
      noValidate
      className={s.card}
      aria-labelledby="claim-form-title"
      data-testid="rebate-claim-form"
    >
      <h2 id="claim-form-title">{t('claim.formTitle')}</h2>
      {done ? (
        <p ref={doneRef} tabIndex={-1} role="status" className={s.ok} data-testid="rebate-claim-done">
          {t('claim.filed')}
        </p>
      ) : null}
      <label className={s.label} htmlFor="benefit_type">
        {t('claim.benefit')}
      </label>
      <select
        id="benefit_type"
        name="benefit_type"
        value={benefit.value}
        onChange={(e) => {
          // each benefit has its page (its cap and its claims)
          f.set('benefit_type', e.target.value)
          navigate(`/account/rebates/${e.target.value}/claim`, { replace: true })
        }}
      >
        {CLAIM_BENEFITS.map((b) => (
          <option key={b} value={b}>
            {t(`benefit.${b}`)}
          </option>
        ))}
      </select>
      {cap !== null && left !== undefined ? (
        <p className={s.muted} data-testid="rebate-claim-left">
          {t('claim.left', { left: formatCents(left, lng), cap: formatCents(cap, lng) })}
        </p>
      ) : null}
      <div className={s.grid}>
        <Field
          id="order_number"
          label={t('claim.orderNumber')}
          hint={t('claim.orderNumberHint')}
          maxLength={64}
          autoComplete="off"
          {...f.text('order_number')}
        />
        <Field
          id="order_date"
          type="date"
          label={t('claim.orderDate')}
          min={earliest}
          max={today}
          {...f.text('order_date')}
        />
        <Field
          id="amount"
          label={t('claim.amount')}
          hint={t('claim.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          {...f.text('amount')}
        />
      </div>
      <Field
        id="receipt"
        type="file"
        label={t('claim.receipt')}
        hint={limits ? t('claim.receiptHint', { mb: mbOf(limits) }) : undefined}
        accept={RECEIPT_ACCEPT}
        inputRef={fileRef}
        error={f.text('receipt').error ?? null}
        onChange={(e) => {
          const picked = e.target.files?.[0] ?? null
          setFile(picked)
          f.set('receipt', picked?.name ?? '')
        }}
      />
      <FormAlert text={f.alert} />
      <div className={s.actions}>
        <Button type="submit" disabled={f.busy} aria-busy={f.busy}>
          {f.busy ? t('claim.sending') : t('claim.send')}
        </Button>
      </div>
    </form>
  )
}
