import { Button, FormAlert, RouteLink, useForm, useStore, useTranslation } from '@core'
import { useState } from 'react'
import s from '../components/auth.module.css'
import { PasswordField } from '../components/forms'
import { Page } from '../components/Page'
import { splitErrors } from '../components/text'
import { useAfterLogin } from '../components/useAfterLogin'
import { runFlow } from '../run-flow'
import { type PendingSocialLink, readPendingLink, savePendingLink } from '../social'

/**
 * /auth/:provider/callback. The provider's ?code and ?state are used (and removed from the address
 * bar) before the app renders (session.ts). An address an account already has stays here: that
 * account's password links the provider to it and signs in (SPEC 4). Otherwise reaching this screen
 * means the sign-in did not complete.
 */
export default function SocialCallbackPage() {
  const { t } = useTranslation('auth')
  const [link] = useState(readPendingLink)
  if (link) return <LinkAccount link={link} />
  return (
    <Page title={t('social.failed')}>
      <p className={s.alert}>{t('notice.socialFailed')}</p>
      <p>
        <RouteLink route="login">{t('action.backToLogin')}</RouteLink>
      </p>
    </Page>
  )
}

function LinkAccount({ link }: { link: PendingSocialLink }) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const afterLogin = useAfterLogin()
  const f = useForm({ password: '' })
  const submit = f.onSubmit(
    async (v) => {
      const r = await runFlow('socialLink', auth, link.linkToken, v.password)
      if (r.ok) {
        savePendingLink(null)
        auth.showNotice({ key: 'notice.welcome', tone: 'success' })
        return afterLogin(r.value, '/')
      }
      const split = splitErrors(t, r, ['password'])
      f.show(split.fields, split.form)
    },
    (v) => (v.password ? {} : { password: t('validation.passwordRequired') }),
  )
  return (
    <Page title={t('social.linkTitle', { provider: link.label })} testId="social-link">
      <p>{t('social.linkBody', { provider: link.label, email: link.email })}</p>
      <form ref={f.ref} className={s.form} onSubmit={submit} noValidate aria-busy={f.busy}>
        <FormAlert text={f.alert} />
        <PasswordField {...f.text('password')} />
        <Button type="submit" size="large" disabled={f.busy}>
          {f.busy ? t('action.sending') : t('social.linkSubmit')}
        </Button>
      </form>
      <p className={s.small}>
        <RouteLink route="password-reset">{t('action.forgot')}</RouteLink>
      </p>
    </Page>
  )
}
