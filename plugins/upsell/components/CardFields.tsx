import { Field, type FieldSpec, useTranslation } from '@core'
import { useState } from 'react'
import { type CardForm, emptyCard, type FieldErrors, formatCardNumber, formatExp } from '../forms'
import { useErrorText } from './errorText'

/** What a card field's change does (formatting the number and the expiry, clearing its error). */
export type CardFieldChange = (k: keyof CardForm) => (e: { target: HTMLInputElement }) => void

/**
 * A card form's state: what was typed (the number grouped by four, the expiry as MM/YY, the CVV's
 * digits) and the errors by field, a field's error cleared as it changes.
 */
export function useCardForm() {
  const [card, setCard] = useState<CardForm>(emptyCard)
  const [errors, setErrors] = useState<FieldErrors>({})
  const set: CardFieldChange = (k) => (e) => {
    let v = e.target.value
    if (k === 'card_number') v = formatCardNumber(v)
    if (k === 'exp') v = formatExp(v, card.exp)
    if (k === 'cvv') v = v.replace(/[^0-9]/g, '').slice(0, 4)
    setCard((c) => ({ ...c, [k]: v }))
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }))
  }
  return { card, setCard, errors, setErrors, set }
}

/**
 * The four card fields of SPEC 2.9 (number, zip, CVV, expiry), labelled and with their errors: the one
 * markup of the lander's payment step and of /updatepay_method. `idPrefix` keeps two forms on one page
 * apart; `rowClassName` lays out CVV and expiry side by side.
 */
export function CardFields({
  idPrefix,
  card,
  errors,
  onChange,
  rowClassName,
}: {
  idPrefix: string
  card: CardForm
  errors: FieldErrors
  onChange: CardFieldChange
  rowClassName?: string | undefined
}) {
  const { t } = useTranslation('upsell')
  const text = useErrorText()
  /** The field of `k`, its id `${idPrefix}-${suffix}`, bound to the card and its error. */
  const field = (k: keyof CardForm, suffix: string, props: Omit<FieldSpec, 'id'>) => (
    <Field
      id={`${idPrefix}-${suffix}`}
      name={k}
      value={card[k]}
      onChange={onChange(k)}
      error={text(errors[k])}
      {...props}
    />
  )
  return (
    <>
      {field('card_number', 'card', {
        label: t('payment.cardNumber'),
        inputMode: 'numeric',
        autoComplete: 'cc-number',
      })}
      {field('zip', 'zip', { label: t('payment.zip'), autoComplete: 'postal-code', maxLength: 10 })}
      <div className={rowClassName}>
        {field('cvv', 'cvv', { label: t('payment.cvv'), inputMode: 'numeric', autoComplete: 'cc-csc' })}
        {field('exp', 'exp', {
          label: t('payment.exp'),
          placeholder: t('payment.expPlaceholder'),
          inputMode: 'numeric',
          autoComplete: 'cc-exp',
        })}
      </div>
    </>
  )
}
