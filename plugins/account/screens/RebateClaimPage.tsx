import {
  constants,
  Field,
  Fields,
  formatCents,
  Page,
  pathTo,
  RouteLink,
  type ScreenProps,
  useForm,
  useLoad,
  useServices,
  useSession,
} from '@core'
import type { TFunction } from 'i18next'
import { observer } from 'mobx-react-lite'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { ledgerApi } from '../api'
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
import { orderFields, orderProblems, refusalText, showRefusal } from '../components/order-claim'
import { RebateClaimsList } from '../components/RebateClaims'
import { FormCard } from '../member/FormCard'
import { SelectField } from '../member/fields'
import s from '../member/styles'
import { useAccountPages } from '../texts'

const FIELDS = ['benefit_type', 'order_number', 'order_date', 'amount', 'receipt'] as const
/** `receipt`: the chosen file's name (the file itself is kept beside the form) */
type Values = Record<(typeof FIELDS)[number], string>
const DAY_MS = 86_400_000
const mbOf = (limits: ClaimLimits) => Math.round(limits.receipt_max_bytes / 1024 / 1024)

/**
 * The text of a refusal by its code (over_monthly_cap names what is left). The limits come with the
 * claims list (the server's constants; none in the browser build): before they have, the server's words.
 */
const refusal = (t: TFunction, lng: string, e: unknown, field: string, limits: ClaimLimits | undefined) =>
  refusalText(t, 'claim', e, field, (x, code) => {
    if (!limits && (code === 'receipt_too_big' || code === 'order_too_old')) return null
    const left = (x.data as { left_cents?: unknown } | undefined)?.left_cents
    return {
      mb: limits ? mbOf(limits) : '',
      days: limits?.order_max_age_days ?? '',
      left: typeof left === 'number' ? formatCents(left, lng) : '',
    }
  })

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
  const { t } = useAccountPages()
  const session = useSession()
  const type = params.benefit_type
  const typeName = type ? t(`benefit.${type}`, { defaultValue: type }) : ''
  if (!isClaimBenefit(type))
    return (
      <Page title={t('claim.unknownTitle')} className={s.page} testId="rebate-claim-unknown">
        <p>{t('claim.unknown')}</p>
        <RouteLink route="account-rebates">{t('rebates.all')}</RouteLink>
      </Page>
    )
  if (session.member && !session.member.plus)
    return (
      <Page title={t('claim.plusTitle')} className={s.page} testId="rebate-claim-plus">
        <p>{t('claim.plus')}</p>
        <RouteLink route="account-subscription">{t('claim.plusLink')}</RouteLink>
      </Page>
    )
  return (
    <Page title={t('claim.title', { type: typeName })} className={s.page} testId="rebate-claim-page">
      <ClaimView type={type} />
    </Page>
  )
})

function ClaimView({ type }: { type: ClaimBenefit }) {
  const { t } = useAccountPages()
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
        <RouteLink route="account-rebates-benefit-type" params={{ benefit_type: type }}>
          {t('claim.back', { type: t(`benefit.${type}`, { defaultValue: type }) })}
        </RouteLink>
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
  const { t, i18n } = useAccountPages()
  const lng = i18n.language
  const { http, config } = useServices()
  const navigate = useNavigate()
  const [file, setFile] = useState<File | null>(null)
  const [done, setDone] = useState(false)
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
    const p = orderProblems({ order: v.order_number, day: v.order_date, amount: v.amount })
    const text = (problem: string | undefined) => (problem ? t(`claim.errors.${problem}`) : undefined)
    const out: Partial<Values> = {
      order_number: text(p.order),
      order_date: text(p.day),
      amount: text(p.amount),
    }
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
    } catch (e) {
      showRefusal(
        f,
        e,
        FIELDS,
        (key) => refusal(t, lng, e, key, limits),
        (key) => (key === 'amount_cents' ? 'amount' : key.startsWith('receipt') ? 'receipt' : key),
      )
    }
  }, validate)

  return (
    <FormCard
      form={f}
      onSubmit={submit}
      title={t('claim.formTitle')}
      testId="rebate-claim-form"
      done={done ? t('claim.filed') : null}
      doneTestId="rebate-claim-done"
      send={t('claim.send')}
      sending={t('claim.sending')}
    >
      <SelectField
        id="benefit_type"
        label={t('claim.benefit')}
        value={f.values.benefit_type}
        onChange={(e) => {
          // each benefit has its page (its cap and its claims)
          f.set('benefit_type', e.target.value)
          navigate(
            pathTo(config, 'account-rebates-benefit-type-claim', { benefit_type: e.target.value }) ?? '/',
            {
              replace: true,
            },
          )
        }}
      >
        {CLAIM_BENEFITS.map((b) => (
          <option key={b} value={b}>
            {t(`benefit.${b}`)}
          </option>
        ))}
      </SelectField>
      {cap !== null && left !== undefined ? (
        <p className={s.muted} data-testid="rebate-claim-left">
          {t('claim.left', { left: formatCents(left, lng), cap: formatCents(cap, lng) })}
        </p>
      ) : null}
      <div className={s.grid}>
        <Fields
          form={f}
          fields={[
            orderFields.number('order_number', t('claim.orderNumber'), t('claim.orderNumberHint')),
            orderFields.day('order_date', t('claim.orderDate'), earliest, today),
            orderFields.amount(t('claim.amount'), t('claim.amountHint')),
          ]}
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
    </FormCard>
  )
}
