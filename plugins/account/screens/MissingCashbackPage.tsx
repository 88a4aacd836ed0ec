import {
  constants,
  Fields,
  formatCents,
  LoadView,
  Page,
  RouteLink,
  useForm,
  useLoad,
  useServices,
} from '@core'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { inquiryApi } from '../api'
import { parseDollars } from '../components/amount-input'
import { dayText, orderFields, orderProblems, refusalText, showRefusal } from '../components/order-claim'
import type { Inquiry, InquiryStore } from '../contract'
import { FormCard } from '../member/FormCard'
import { SelectField } from '../member/fields'
import s from '../member/styles'
import { useAccountPages } from '../texts'
import css from './missing-cashback.module.css'

const FIELDS = ['store', 'ordered_on', 'order_id', 'amount'] as const
type Values = Record<(typeof FIELDS)[number], string>

/** The text of a refusal (its code; too_soon, too_late and order_before_click name a date). */
const refusal = (t: TFunction, lng: string, e: unknown, field: string) =>
  refusalText(t, 'missing', e, field, (x) => {
    const date = (x.data as { date?: unknown } | undefined)?.date
    return { date: typeof date === 'string' ? dayText(date, lng) : '' }
  })

/**
 * /account/missing-cashback: report a purchase whose cash back did not track (issue 26). The store
 * picker lists the stores the member left for through the site in the window; a report is matched at
 * once against orders a network reported without a known click, else stays under review. Below it,
 * the member's reports and their status.
 */
export default function MissingCashbackPage() {
  const { t, i18n } = useAccountPages()
  const { http } = useServices()
  const stores = useLoad('stores', () => inquiryApi(http).stores())
  const list = useLoad('list', () => inquiryApi(http).list())
  return (
    <Page title={t('missing.title')} className={s.page} testId="missing-cashback-page">
      <p>
        {t('missing.intro', {
          min: constants.cashback.inquiryMinDaysAfterClick,
          max: constants.cashback.inquiryMaxDaysAfterClick,
        })}{' '}
        <RouteLink route="account-purchase-history">{t('missing.history')}</RouteLink>
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
  const { t } = useAccountPages()
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
  const { t, i18n } = useAccountPages()
  const lng = i18n.language
  const { http } = useServices()
  const [done, setDone] = useState<Inquiry | null>(null)
  const f = useForm<Values>(
    { store: stores.length === 1 ? stores[0]!.internal_name : '', ordered_on: '', order_id: '', amount: '' },
    { clearErrorOnChange: true },
  )
  const picked = stores.find((x) => x.internal_name === f.values.store)
  const today = new Date().toISOString().slice(0, 10)

  function validate(v: Values) {
    setDone(null)
    const p = orderProblems({ order: v.order_id, day: v.ordered_on, amount: v.amount })
    const text = (problem: string | undefined) => (problem ? t(`missing.errors.${problem}`) : undefined)
    return {
      store: text(v.store ? undefined : 'store_required'),
      ordered_on: text(p.day),
      order_id: text(p.order),
      amount: text(p.amount),
    }
  }

  const submit = f.onSubmit(async (v) => {
    try {
      const r = await inquiryApi(http).file({
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
    } catch (e) {
      showRefusal(f, e, FIELDS, (key) => refusal(t, lng, e, key))
    }
  }, validate)

  return (
    <FormCard
      form={f}
      onSubmit={submit}
      title={t('missing.formTitle')}
      testId="missing-form"
      done={done ? (done.status === 'matched' ? t('missing.matched') : t('missing.filed')) : null}
      doneTestId="missing-done"
      send={t('missing.send')}
      sending={t('missing.sending')}
    >
      <SelectField
        id="store"
        label={t('missing.store')}
        className={css.select}
        {...f.text('store')}
        hint={
          picked
            ? picked.open_from > today
              ? t('missing.opensOn', { date: dayText(picked.open_from, lng) })
              : t('missing.openUntil', { date: dayText(picked.open_until, lng) })
            : null
        }
      >
        <option value="">{t('missing.pickStore')}</option>
        {stores.map((x) => (
          <option key={x.internal_name} value={x.internal_name}>
            {x.name}
          </option>
        ))}
      </SelectField>
      <div className={s.grid}>
        <Fields
          form={f}
          fields={[
            orderFields.day(
              'ordered_on',
              t('missing.orderedOn'),
              picked?.order_from,
              picked?.order_to ?? today,
            ),
            orderFields.number('order_id', t('missing.orderId')),
            orderFields.amount(t('missing.amount'), t('missing.amountHint')),
          ]}
        />
      </div>
    </FormCard>
  )
}
