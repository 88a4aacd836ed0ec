import { Field, Fields, useForm, useFormCaptcha, useServices, useSession } from '@core'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { useAccountPages } from '../texts'
import { sendContact } from './api'
import { FormCard } from './FormCard'
import { TextAreaField } from './fields'
import s from './styles'
import { formErrors, missingFields } from './text'

const FIELDS = ['name', 'email', 'subject', 'message'] as const

/** The message-us form: POST /api/contact (the server's contract checks it; its errors show per field). */
export const MessageForm = observer(function MessageForm() {
  const { t } = useAccountPages()
  const { http } = useServices()
  const member = useSession().member
  const [sent, setSent] = useState(false)
  // the provider's widget when the server has one (issue 31); with the sandbox, its response
  const captcha = useFormCaptcha('contact')
  const f = useForm(
    { name: member?.name ?? '', email: member?.email ?? '', subject: '', message: '' },
    { clearErrorOnChange: true },
  )
  const submit = f.onSubmit(
    async (v) => {
      try {
        await sendContact(http, { ...v, 'g-recaptcha-response': captcha.take() })
        setSent(true)
        f.set('subject', '')
        f.set('message', '')
      } catch (e) {
        const x = formErrors(t, e, FIELDS)
        f.show(x.fields, x.form)
      }
    },
    (v) => {
      setSent(false)
      return missingFields(t, FIELDS, v)
    },
  )
  return (
    <FormCard
      form={f}
      onSubmit={submit}
      title={t('member.contact.formTitle')}
      intro={<p className={s.muted}>{t('member.contact.formIntro')}</p>}
      done={sent ? t('member.contact.sent') : null}
      doneTestId="contact-sent"
      send={t('member.contact.send')}
    >
      <div className={s.grid}>
        <Fields
          form={f}
          fields={[
            { id: 'name', label: t('member.contact.name'), autoComplete: 'name' },
            { id: 'email', label: t('member.contact.email'), type: 'email', autoComplete: 'email' },
          ]}
        />
      </div>
      <Field id="subject" label={t('member.contact.subject')} maxLength={200} {...f.text('subject')} />
      <TextAreaField
        id="message"
        label={t('member.contact.message')}
        maxLength={5000}
        {...f.text('message')}
      />
      {captcha.field}
    </FormCard>
  )
})
