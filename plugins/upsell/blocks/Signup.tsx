import {
  Button,
  CheckField,
  constants,
  Fields,
  RouteLink,
  splitServerErrors,
  useForm,
  useServices,
  useSession,
  useTranslation,
} from '@core'
import { observer } from 'mobx-react-lite'
import { useErrorText } from '../components/errorText'
import s from '../components/styles'
import { type SignupForm, serverKey, validateSignup } from '../forms'
import type { BlockProps } from './types'

const ORDER = ['name', 'phone', 'email', 'password', 'terms']

/**
 * SPEC 2.9 sign-up form: name, phone (optional), email, password, Continue. Registers through the
 * session (the core's session view, which the auth plugin provides): it signs the new member in, then
 * fires the registration pixel through the tracking plugin's 'load-pixel' event.
 */
function Signup({ lander, onDone }: BlockProps) {
  const { t } = useTranslation('upsell')
  const text = useErrorText()
  const { events, track } = useServices()
  const session = useSession()
  const f = useForm<SignupForm>(
    { name: '', phone: '', email: '', password: '', terms: false },
    { errorText: text, clearErrorOnChange: true },
  )

  if (session.authenticated) {
    return (
      <div className={s.form}>
        <p>{t('signup.signedIn', { email: session.member?.email ?? '' })}</p>
        <Button size="large" block onClick={() => onDone({ already_member: true })}>
          {t('signup.continue')}
        </Button>
      </div>
    )
  }

  const submit = f.onSubmit(async (v) => {
    const r = await session.register({
      name: v.name,
      email: v.email,
      password: v.password,
      phone: v.phone || undefined,
      // the server records the bonus this lander promises (its own reading of config/landers.json)
      lander: lander.id,
    })
    if (!r.ok) {
      const split = splitServerErrors(r.errors, ORDER, (m, field) => serverKey(m, r.codes?.[field], field))
      const none = !Object.keys(split.fields).length && !split.form
      return f.show(split.fields, none ? `!${r.message}` : split.form)
    }
    const user = r.value
    track('lander_registration', { lander: lander.id })
    events.emit('load-pixel', { transactionId: user.id, email: user.email || v.email })
    onDone({ registered: true })
  }, validateSignup)

  return (
    <form ref={f.ref} className={s.form} noValidate onSubmit={submit} data-testid="signup">
      <Fields
        form={f}
        fields={[
          { id: 'su-name', name: 'name', label: t('signup.name'), autoComplete: 'name' },
          {
            id: 'su-phone',
            name: 'phone',
            type: 'tel',
            label: (
              <>
                {t('signup.phone')} <span className={s.optional}>{t('signup.optional')}</span>
              </>
            ),
            autoComplete: 'tel',
          },
          { id: 'su-email', name: 'email', type: 'email', label: t('signup.email'), autoComplete: 'email' },
          {
            id: 'su-password',
            name: 'password',
            type: 'password',
            label: t('signup.password'),
            autoComplete: 'new-password',
            hint: t('signup.passwordHint', { min: constants.minimumPasswordLength }),
          },
        ]}
      />
      <CheckField
        id="su-terms"
        name="terms"
        label={
          <>
            {t('signup.termsBefore')} <RouteLink route="terms">{t('signup.termsLink')}</RouteLink>{' '}
            {t('signup.and')} <RouteLink route="privacy-policy">{t('signup.privacyLink')}</RouteLink>
          </>
        }
        {...f.check('terms')}
      />
      {f.alert ? (
        <p className={s.alert} role="alert">
          {text(f.alert)}
        </p>
      ) : null}
      <Button type="submit" size="large" block disabled={f.busy} aria-busy={f.busy}>
        {f.busy ? t('signup.sending') : t('signup.continue')}
      </Button>
    </form>
  )
}

export default observer(Signup)
