import { Button, constants, Figures, LoadedPage, Money } from '@core'
import { useEffect, useRef, useState } from 'react'
import { ledgerApi } from '../api'
import { DateText, StatusBadge } from '../components/Amount'
import s from '../components/styles'
import { useAccountPages } from '../texts'

/** /account/referrals: the member's /refer link with a copy button, the friends who joined and what each earned. */
export default function ReferralsPage() {
  const { t } = useAccountPages()
  return (
    <LoadedPage
      title={t('referrals.title')}
      lead={t('referrals.lead')}
      className={s.page}
      testId="referrals-page"
      loadKey="referrals"
      load={({ http }) => ledgerApi(http).referrals()}
      what={t('referrals.failed')}
      rows={3}
    >
      {({ data }) => (
        <>
          <CopyLink link={data.link} />
          <Figures
            items={[
              {
                label: t('referrals.earned'),
                value: <Money cents={data.earned_cents} />,
                testId: 'referrals-earned',
              },
              { label: t('referrals.joined'), value: data.referred.length },
            ]}
          />
          <section aria-labelledby="friends-title">
            <h2 id="friends-title">{t('referrals.friends')}</h2>
            {data.referred.length === 0 ? (
              <p className={s.card} data-testid="referrals-empty">
                {t('referrals.empty')}
              </p>
            ) : (
              <ul className={s.list} data-testid="referrals">
                {data.referred.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the reply gives friends no id
                  <li key={i} className={s.card} data-testid="referral-row">
                    <strong>{r.name}</strong> · <StatusBadge status={r.status} /> ·{' '}
                    <Money cents={r.earned_cents} />
                    <div className={s.muted}>
                      {t('referrals.joinedOn')} <DateText iso={r.joined_at} />
                      {r.status === 'pending' ? ` · ${t('referrals.pendingWhy')}` : ''}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </LoadedPage>
  )
}

/** The link in a read-only field and a button that copies it and says so for the copy delay (SPEC 9). */
function CopyLink({ link }: { link: string }) {
  const { t } = useAccountPages()
  const [copied, setCopied] = useState(false)
  const [failed, setFailed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  async function copy() {
    try {
      await navigator.clipboard.writeText(link)
      setFailed(false)
      setCopied(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), constants.copyButtonDelayMs)
    } catch {
      setFailed(true)
      ;(document.getElementById('refer-link') as HTMLInputElement | null)?.select()
    }
  }
  return (
    <div className={s.card}>
      <div className={s.copyRow}>
        <div>
          <label htmlFor="refer-link">{t('referrals.link')}</label>
          <input
            id="refer-link"
            className={s.select}
            readOnly
            value={link}
            onFocus={(e) => e.target.select()}
            data-testid="refer-link"
          />
        </div>
        <Button onClick={copy} data-testid="copy-link">
          {copied ? t('referrals.copied') : t('referrals.copy')}
        </Button>
      </div>
      <p role="status" className={s.muted}>
        {copied ? t('referrals.copiedLong') : failed ? t('referrals.copyFailed') : ''}
      </p>
    </div>
  )
}
