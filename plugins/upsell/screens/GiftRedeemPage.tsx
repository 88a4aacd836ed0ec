import {
  Button,
  errorText,
  Field,
  HttpError,
  Money,
  RouteLink,
  Trans,
  useDocumentTitle,
  useServices,
  useTranslation,
} from '@core'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { type GiftCard, redeemGift } from '../api'
import { useErrorText } from '../components/errorText'
import s from '../components/styles'
import { GIFT_CODE_MAX, validateGiftCode } from '../forms'

/**
 * /gift/redeem (members only): one field, checked before sending; the server's answer about the
 * code stands under the field; success shows the amount added and the new cash balance.
 */
export default function GiftRedeemPage() {
  const { t } = useTranslation('upsell')
  const text = useErrorText()
  const { http, track } = useServices()
  useDocumentTitle(t('gift.title'))
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [general, setGeneral] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<{ card: GiftCard; balance: number } | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const success = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (done) success.current?.focus()
  }, [done])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setGeneral('')
    const key = validateGiftCode(code)
    if (key) {
      setError(`!${t(key, { max: GIFT_CODE_MAX })}`)
      input.current?.focus()
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      const r = await redeemGift(http, code)
      track('gift_redeemed', { amount_cents: r.data.amount_cents })
      setDone({ card: r.data, balance: r.cash_balance_cents })
      setCode('')
    } catch (err) {
      if (err instanceof HttpError && err.status === 422 && err.errors?.code?.[0]) {
        // the server's one message about a code that cannot be used, in the visitor's language
        setError('gift.errors.invalid')
        input.current?.focus()
      } else {
        setGeneral(errorText(t, err))
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={s.doc} aria-labelledby="gift-title" data-testid="gift-redeem">
      <h1 id="gift-title">{t('gift.title')}</h1>
      {done ? (
        <div ref={success} tabIndex={-1} className={s.ok} role="status" data-testid="gift-success">
          <p className={s.first}>
            <strong>
              <Trans
                t={t}
                i18nKey="gift.done"
                components={{ amount: <Money cents={done.card.amount_cents} /> }}
              />
            </strong>
          </p>
          <p>{t('gift.brand', { brand: done.card.brand })}</p>
          <p className={s.last}>
            <Trans t={t} i18nKey="gift.balance" components={{ amount: <Money cents={done.balance} /> }} />
          </p>
        </div>
      ) : (
        <p>{t('gift.lead')}</p>
      )}
      {done ? (
        <p className={s.actions}>
          <Button variant="secondary" onClick={() => setDone(null)}>
            {t('gift.another')}
          </Button>
          <RouteLink route="account">{t('gift.account')}</RouteLink>
        </p>
      ) : (
        <form className={s.form} noValidate onSubmit={submit} aria-busy={busy}>
          <Field
            id="gift-code"
            name="code"
            label={t('gift.code')}
            hint={t('gift.hint')}
            error={text(error)}
            inputRef={input}
            value={code}
            onChange={(e) => {
              setCode(e.target.value)
              if (error) setError(undefined)
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={GIFT_CODE_MAX + 20}
            required
          />
          {general ? (
            <p className={s.alert} role="alert">
              {general}
            </p>
          ) : null}
          <Button type="submit" size="large" block disabled={busy}>
            {busy ? t('gift.sending') : t('gift.submit')}
          </Button>
        </form>
      )}
    </section>
  )
}
