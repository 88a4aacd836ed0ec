import {
  Button,
  DataTable,
  Fields,
  FormAlert,
  Money,
  Page,
  type PaymentCard,
  useForm,
  useServices,
} from '@core'
import { observer } from 'mobx-react-lite'
import { useCallback, useState } from 'react'
import { getBilling, getSubscriptions, updateCard } from '../member/api'
import { Loaded, useLoad } from '../member/Loaded'
import s from '../member/styles'
import { formatDate, formErrors, missingFields } from '../member/text'
import { useAccountPages } from '../texts'

const CARD_FIELDS = ['card_number', 'exp', 'cvv', 'zip'] as const

/** Replace the card on file: checked by the payment processor (a zero authorisation) on the server. */
function CardForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const { t } = useAccountPages()
  const { http } = useServices()
  const f = useForm({ card_number: '', exp: '', cvv: '', zip: '' }, { clearErrorOnChange: true })
  const text = (key: string) => t(`member.billing.${key}`)
  const submit = f.onSubmit(
    async (v) => {
      try {
        await updateCard(http, v)
        onSaved()
      } catch (e) {
        const x = formErrors(t, e, CARD_FIELDS)
        f.show(x.fields, x.form)
      }
    },
    (v) => missingFields(t, CARD_FIELDS, v),
  )
  return (
    <form ref={f.ref} onSubmit={submit} noValidate aria-labelledby="card-form-title" data-testid="card-form">
      <h3 id="card-form-title">{t('member.billing.newCard')}</h3>
      <div className={s.grid}>
        <Fields
          form={f}
          fields={[
            { id: 'card_number', label: text('cardNumber'), inputMode: 'numeric', autoComplete: 'cc-number' },
            { id: 'exp', label: text('exp'), hint: text('expHint'), autoComplete: 'cc-exp' },
            { id: 'cvv', label: text('cvv'), inputMode: 'numeric', autoComplete: 'cc-csc' },
            { id: 'zip', label: text('zip'), autoComplete: 'postal-code' },
          ]}
        />
      </div>
      <FormAlert text={f.alert} />
      <div className={s.actions}>
        <Button type="submit" disabled={f.busy} aria-busy={f.busy}>
          {t('member.billing.saveCard')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('member.billing.cancel')}
        </Button>
      </div>
    </form>
  )
}

function cardText(t: (k: string, o?: Record<string, unknown>) => string, c: PaymentCard) {
  return t('member.billing.card', {
    brand: c.brand.toUpperCase(),
    last4: c.last4,
    exp: `${String(c.exp_month).padStart(2, '0')}/${c.exp_year}`,
  })
}

/** /account/billing: the card on file, a form to replace it, and every charge made. */
function BillingPage() {
  const { t } = useAccountPages()
  return (
    <Page title={t('member.billing.title')} className={s.page} testId="billing-page">
      <BillingView />
    </Page>
  )
}

export default observer(BillingPage)

/** The card on file and the charges, without a page frame (the screen and the 'account.billing' part). */
export const BillingView = observer(function BillingView() {
  const { t, i18n } = useAccountPages()
  const { http } = useServices()
  // the billing and the memberships past due (their card is replaced here, and charged at once); the
  // past-due line is extra: the page shows the card and the charges without it
  const load = useCallback(async () => {
    const [billing, subs] = await Promise.all([getBilling(http), getSubscriptions(http).catch(() => [])])
    return { ...billing, pastDue: subs.filter((x) => x.status === 'past_due') }
  }, [http])
  const { state, reload } = useLoad(load)
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)
  return (
    <Loaded state={state} retry={reload}>
      {(b) => (
        <>
          <section className={s.card} aria-labelledby="card-on-file">
            <h2 id="card-on-file">{t('member.billing.onFile')}</h2>
            {b.pastDue.map((x) => (
              <p key={x.id} role="alert" data-testid="billing-past-due">
                {t('member.billing.pastDue', { plan: t(`member.plans.${x.plan}`) })}
              </p>
            ))}
            <p data-testid="card-on-file">
              {b.payment_methods[0] ? cardText(t, b.payment_methods[0]) : t('member.billing.noCard')}
            </p>
            <div role="status" aria-live="polite">
              {saved ? t('member.billing.saved') : ''}
            </div>
            {editing ? (
              <CardForm
                onSaved={() => {
                  setEditing(false)
                  setSaved(true)
                  reload()
                }}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <Button
                variant="secondary"
                onClick={() => {
                  setSaved(false)
                  setEditing(true)
                }}
              >
                {b.payment_methods[0] ? t('member.billing.update') : t('member.billing.add')}
              </Button>
            )}
          </section>
          <section className={s.card} aria-labelledby="charges">
            <h2 id="charges">{t('member.billing.charges')}</h2>
            {b.payments.length === 0 ? (
              <p>{t('member.billing.noCharges')}</p>
            ) : (
              <DataTable
                rows={b.payments}
                rowKey={(p) => p.id}
                label={t('member.billing.charges')}
                caption={t('member.billing.charges')}
                rowProps={() => ({ 'data-testid': 'charge' })}
                columns={[
                  {
                    key: 'date',
                    header: t('member.billing.date'),
                    cell: (p) => formatDate(p.created_at, i18n.language),
                  },
                  {
                    key: 'what',
                    header: t('member.billing.description'),
                    cell: (p) => (
                      <>
                        {p.description}
                        <br />
                        <span className={s.muted}>
                          {t('member.billing.cardEnding', { last4: p.card_last4 })}
                        </span>
                      </>
                    ),
                  },
                  {
                    key: 'status',
                    header: t('member.billing.status'),
                    cell: (p) => t(`member.billing.statuses.${p.status}`, { defaultValue: p.status }),
                  },
                  {
                    key: 'amount',
                    header: t('member.billing.amount'),
                    numeric: true,
                    cell: (p) => <Money cents={p.amount_cents} />,
                  },
                ]}
              />
            )}
          </section>
        </>
      )}
    </Loaded>
  )
})
