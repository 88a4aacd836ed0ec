import {
  Button,
  constants,
  Field,
  FormAlert,
  formatCents,
  type HttpClient,
  HttpError,
  LoadView,
  Page,
  useForm,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import type { TFunction } from 'i18next'
import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { parseDollars } from '../components/amount-input'
import type {
  InquiriesReply,
  Inquiry,
  InquiryReply,
  InquiryRequest,
  InquiryStore,
  InquiryStoresReply,
} from '../contract'
import s from '../member/styles'
import css from './missing-cashback.module.css'

const URL = '/api/account/cashback-inquiries'
const FIELDS = ['store', 'ordered_on', 'order_id', 'amount'] as const
type Values = Record<(typeof FIELDS)[number], string>

const api = (http: HttpClient) => ({
  stores: () => http.get<InquiryStoresReply>(`${URL}/stores`),
  list: () => http.get<InquiriesReply>(URL),
  file: (body: InquiryRequest) => http.post<InquiryReply>(URL, body),
})

/** A day (YYYY-MM-DD) as the member's language writes it, without a time zone shifting it. */
export function dayText(day: string, lng: string): string {
  const d = new Date(`${day}T12:00:00Z`)
  if (Number.isNaN(d.getTime())) return day
  return new Intl.DateTimeFormat(lng === 'es' ? 'es-US' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(d)
}

/** The text of a refusal (its code; too_soon, too_late and order_before_click name a date). */
function refusalText(t: TFunction, lng: string, e: unknown, field: string): string {
  if (!(e instanceof HttpError)) return t('missing.errors.network')
  const code = e.codes[field] ?? e.code ?? ''
  const date = (e.data as { date?: unknown } | undefined)?.date
  const day = typeof date === 'string' ? dayText(date, lng) : ''
  return (
    t(`missing.errors.${code}`, { date: day, defaultValue: '' }) ||
    e.firstError ||
    t('missing.errors.generic')
  )
}

/**
 * /account/missing-cashback: report a purchase whose cash back did not track (issue 26). The store
 * picker lists the stores the member left for through the site in the window; a report is matched at
 * once against orders a network reported without a known click, else stays under review. Below it,
 * the member's reports and their status.
 */
export default function MissingCashbackPage() {
  const { t, i18n } = useTranslation('account')
  const { http } = useServices()
  const stores = useLoad('stores', () => api(http).stores())
  const list = useLoad('list', () => api(http).list())
  return (
    <Page title={t('missing.title')} className={s.page} testId="missing-cashback-page">
      <p>
        {t('missing.intro', {
          min: constants.cashback.inquiryMinDaysAfterClick,
          max: constants.cashback.inquiryMaxDaysAfterClick,
        })}{' '}
        <Link to="/account/purchase-history">{t('missing.history')}</Link>
      </p>
      <LoadView load={stores} what={t('missing.storesFailed')} rows={3}>
        {(r) =>
          r.data.length ? (
            <InquiryForm
              stores={r.data}
              onFiled={(i) =>
                list.set({ data: [i, ...(list.data?.data ?? []).filter((x) => x.id !== i.id)] })
              }
            />
          ) : (
            <p className={s.card} data-testid="missing-no-stores">
              {t('missing.noStores', { max: constants.cashback.inquiryMaxDaysAfterClick })}
            </p>
          )
        }
      </LoadView>
      <section aria-labelledby="missing-list" className={s.card}>
        <h2 id="missing-list">{t('missing.listTitle')}</h2>
        <LoadView load={list} what={t('missing.listFailed')} rows={3}>
          {(r) =>
            r.data.length ? (
              <ul className={s.list} data-testid="inquiries">
                {r.data.map((i) => (
                  <InquiryItem key={i.id} inquiry={i} lng={i18n.language} />
                ))}
              </ul>
            ) : (
              <p className={s.muted}>{t('missing.none')}</p>
            )
          }
        </LoadView>
      </section>
    </Page>
  )
}

function InquiryItem({ inquiry: i, lng }: { inquiry: Inquiry; lng: string }) {
  const { t } = useTranslation('account')
  const since = dayText(i.created_at.slice(0, 10), lng)
  const status =
    i.status === 'matched'
      ? t('missing.status.matched', { date: i.matched_at ? dayText(i.matched_at.slice(0, 10), lng) : since })
      : i.status === 'declined'
        ? t('missing.status.declined')
        : t('missing.status.under_review', { date: since })
  return (
    <li className={s.item} data-testid="inquiry" data-status={i.status}>
      <p>
        <strong>{i.store.name}</strong>{' '}
        {t('missing.order', {
          order: i.order_id,
          date: dayText(i.ordered_on, lng),
          amount: formatCents(i.amount_cents, lng),
        })}
      </p>
      <p className={css.status} data-testid="inquiry-status">
        {status}
      </p>
    </li>
  )
}

function InquiryForm({ stores, onFiled }: { stores: InquiryStore[]; onFiled: (i: Inquiry) => void }) {
  const { t, i18n } = useTranslation('account')
  const lng = i18n.language
  const { http } = useServices()
  const [done, setDone] = useState<Inquiry | null>(null)
  const doneRef = useRef<HTMLParagraphElement>(null)
  const f = useForm<Values>(
    { store: stores.length === 1 ? stores[0]!.internal_name : '', ordered_on: '', order_id: '', amount: '' },
    { clearErrorOnChange: true },
  )
  const picked = stores.find((x) => x.internal_name === f.values.store)
  const today = new Date().toISOString().slice(0, 10)

  function validate(v: Values) {
    setDone(null)
    const out: Partial<Values> = {}
    if (!v.store) out.store = t('missing.errors.store_required')
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.ordered_on)) out.ordered_on = t('missing.errors.date_required')
    if (!v.order_id.trim()) out.order_id = t('missing.errors.order_required')
    const cents = parseDollars(v.amount)
    if (!v.amount.trim()) out.amount = t('missing.errors.amount_required')
    else if (cents === null || cents < 1) out.amount = t('missing.errors.amount_invalid')
    return out
  }

  const submit = f.onSubmit(async (v) => {
    try {
      const r = await api(http).file({
        store: v.store,
        ordered_on: v.ordered_on,
        order_id: v.order_id.trim(),
        amount_cents: parseDollars(v.amount) ?? 0,
      })
      setDone(r.data)
      onFiled(r.data)
      // the next report starts blank; the store stays picked
      f.set('order_id', '')
      f.set('amount', '')
      f.set('ordered_on', '')
      setTimeout(() => doneRef.current?.focus(), 0)
    } catch (e) {
      if (!(e instanceof HttpError) || e.kind !== 'status' || !e.errors) {
        f.show({}, refusalText(t, lng, e, ''))
        return
      }
      const fields: Partial<Values> = {}
      let alert: string | null = null
      for (const key of Object.keys(e.errors)) {
        const field = key === 'amount_cents' ? 'amount' : key
        const text = refusalText(t, lng, e, key)
        if ((FIELDS as readonly string[]).includes(field)) fields[field as keyof Values] ??= text
        else alert ??= text
      }
      f.show(fields, alert)
    }
  }, validate)

  const storeField = f.text('store')
  return (
    <form
      ref={f.ref}
      onSubmit={submit}
      noValidate
      className={s.card}
      aria-labelledby="missing-form"
      data-testid="missing-form"
    >
      <h2 id="missing-form">{t('missing.formTitle')}</h2>
      {done ? (
        <p ref={doneRef} tabIndex={-1} role="status" className={s.ok} data-testid="missing-done">
          {done.status === 'matched' ? t('missing.matched') : t('missing.filed')}
        </p>
      ) : null}
      <label className={s.label} htmlFor="store">
        {t('missing.store')}
      </label>
      <select
        id="store"
        name="store"
        className={css.select}
        value={storeField.value}
        onChange={(e) => f.set('store', e.target.value)}
        aria-invalid={storeField.error ? true : undefined}
        aria-describedby={
          [picked ? 'store-hint' : '', storeField.error ? 'store-error' : ''].filter(Boolean).join(' ') ||
          undefined
        }
      >
        <option value="">{t('missing.pickStore')}</option>
        {stores.map((x) => (
          <option key={x.internal_name} value={x.internal_name}>
            {x.name}
          </option>
        ))}
      </select>
      {picked ? (
        <p id="store-hint" className={s.muted}>
          {picked.open_from > today
            ? t('missing.opensOn', { date: dayText(picked.open_from, lng) })
            : t('missing.openUntil', { date: dayText(picked.open_until, lng) })}
        </p>
      ) : null}
      {storeField.error ? (
        <p id="store-error" className={s.fieldError}>
          {storeField.error}
        </p>
      ) : null}
      <div className={s.grid}>
        <Field
          id="ordered_on"
          type="date"
          label={t('missing.orderedOn')}
          min={picked?.order_from}
          max={picked?.order_to ?? today}
          {...f.text('ordered_on')}
        />
        <Field
          id="order_id"
          label={t('missing.orderId')}
          maxLength={64}
          autoComplete="off"
          {...f.text('order_id')}
        />
        <Field
          id="amount"
          label={t('missing.amount')}
          hint={t('missing.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          {...f.text('amount')}
        />
      </div>
      <FormAlert text={f.alert} />
      <div className={s.actions}>
        <Button type="submit" disabled={f.busy} aria-busy={f.busy}>
          {f.busy ? t('missing.sending') : t('missing.send')}
        </Button>
      </div>
    </form>
  )
}
