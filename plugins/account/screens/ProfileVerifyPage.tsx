import { Button, Page, RouteLink, useServices, useSession } from '@core'
import { observer } from 'mobx-react-lite'
import { useCallback, useState } from 'react'
import { getProfile, resendVerification } from '../member/api'
import { Loaded, useLoad } from '../member/Loaded'
import s from '../member/styles'
import { useAccountPages } from '../texts'

/**
 * /account/profile/verify: whether the e-mail is verified and, if not, a button that sends the link
 * again (SPEC 8: 'Please check your mailbox for verification email.' or 'Something went wrong, please
 * try again later.').
 */
function ProfileVerifyPage() {
  const { t } = useAccountPages()
  const { http } = useServices()
  const session = useSession()
  const load = useCallback(() => getProfile(http), [http])
  const { state, reload, setData } = useLoad(load)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<'sent' | 'failed' | null>(null)

  async function resend() {
    setBusy(true)
    setResult(null)
    try {
      const r = await resendVerification(http)
      const code = (r as { code?: string }).code
      if (code === 'already_verified') {
        setData((p) => ({ ...p, is_verified: true }))
        void session.resync()
      } else setResult(r.success ? 'sent' : 'failed')
    } catch {
      setResult('failed')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page title={t('member.verify.title')} className={s.page} testId="verify-page">
      <Loaded state={state} retry={reload}>
        {(p) =>
          p.is_verified ? (
            <div className={s.ok} data-testid="verify-state">
              <p>{t('member.verify.done', { email: p.email })}</p>
              <RouteLink route="account-profile">{t('member.verify.back')}</RouteLink>
            </div>
          ) : (
            <div className={s.card} data-testid="verify-state">
              <p>{t('member.verify.pending', { email: p.email })}</p>
              <p className={s.muted}>{t('member.verify.why')}</p>
              <Button onClick={resend} disabled={busy} aria-busy={busy}>
                {t('member.verify.resend')}
              </Button>
              <div role="status" aria-live="polite" data-testid="verify-result">
                {result === 'sent' ? t('member.verify.sent') : ''}
              </div>
              {result === 'failed' ? (
                <p role="alert" className={s.alert}>
                  {t('member.verify.failed')}
                </p>
              ) : null}
            </div>
          )
        }
      </Loaded>
    </Page>
  )
}

export default observer(ProfileVerifyPage)
