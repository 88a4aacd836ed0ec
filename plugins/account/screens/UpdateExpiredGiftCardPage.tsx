import {
  Button,
  codeText,
  errorText,
  FormAlert,
  HttpError,
  Lead,
  LoadFailed,
  Money,
  Page,
  RadioGroup,
  RouteLink,
  RowsSkeleton,
  useLoad,
  useServices,
} from '@core'
import { type FormEvent, useState } from 'react'
import { ledgerApi } from '../api'
import { DateText } from '../components/Amount'
import { replaceable } from '../components/gift-cards'
import s from '../components/styles'
import type { GiftReplaceReply } from '../contract'
import { useAccountPages } from '../texts'

/** /account/update-expired-gift-card: pick an expired, unredeemed card and get a new one of the same value. */
export default function UpdateExpiredGiftCardPage() {
  const { t } = useAccountPages()
  const { http } = useServices()
  const api = ledgerApi(http)
  const cards = useLoad('gift-cards', () => api.giftCards())
  const [picked, setPicked] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)
  const [done, setDone] = useState<GiftReplaceReply['data'] | null>(null)
  const expired = replaceable(cards.data?.data ?? [])
  const chosen = picked ?? expired[0]?.id ?? null

  async function replace(e: FormEvent) {
    e.preventDefault()
    if (busy || chosen === null) return
    setBusy(true)
    setAlert(null)
    try {
      const r = await api.replaceGiftCard(chosen)
      setDone(r.data)
      setPicked(null)
      cards.retry()
    } catch (err) {
      setAlert(
        err instanceof HttpError && err.code
          ? codeText(t, err.code, err.firstError ?? err.message, {
              gift_card_not_expired: 'account-pages:gift.error.notExpired',
              gift_card_unavailable: 'account-pages:gift.error.unavailable',
              gift_card_test_money: 'account-pages:gift.error.testMoney',
            })
          : errorText(t, err),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page title={t('gift.replaceTitle')} className={s.page} testId="update-expired-gift-card">
      <Lead>{t('gift.replaceLead')}</Lead>
      {done ? (
        <section className={s.success} aria-labelledby="gift-done" data-testid="gift-replaced" role="status">
          <h2 id="gift-done">{t('gift.replaced')}</h2>
          <p>
            {done.brand} · <code>{done.code}</code> · <Money cents={done.amount_cents} /> ·{' '}
            {t('gift.expires')} <DateText iso={done.expires_at} />
          </p>
        </section>
      ) : null}
      {cards.status === 'error' ? (
        <LoadFailed error={cards.error} onRetry={cards.retry} what={t('gift.failed')} />
      ) : null}
      {!cards.data && cards.status === 'loading' ? <RowsSkeleton rows={3} /> : null}
      {cards.data && expired.length === 0 ? (
        <div className={s.card} data-testid="gift-none-expired">
          <p>{t('gift.noneExpired')}</p>
          <RouteLink route="account-gift-card-history">{t('gift.history')}</RouteLink>
        </div>
      ) : null}
      {expired.length > 0 ? (
        <form onSubmit={replace} className={s.form}>
          <RadioGroup
            legend={t('gift.pick')}
            name="card"
            options={expired.map((c) => ({
              value: c.id,
              label: (
                <span>
                  {c.brand} · <Money cents={c.amount_cents} /> · {t('gift.expired')}{' '}
                  <DateText iso={c.expires_at} />
                </span>
              ),
            }))}
            value={chosen}
            onChange={setPicked}
          />
          <FormAlert text={alert} />
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? t('gift.replacing') : t('gift.replace')}
          </Button>
        </form>
      ) : null}
    </Page>
  )
}
