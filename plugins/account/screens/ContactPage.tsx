import { Page, RouteLink } from '@core'
import { ChatPanel } from '../member/ChatPanel'
import { MessageForm } from '../member/MessageForm'
import s from '../member/styles'
import { useAccountPages } from '../texts'

/** /account/contact: the live chat in business hours, the message-us form at any time, and the FAQ. */
export default function ContactPage() {
  const { t } = useAccountPages()
  return (
    <Page title={t('member.contact.title')} className={s.page} testId="contact-page">
      <p>
        {t('member.contact.intro')} <RouteLink route="account-faq">{t('member.contact.faq')}</RouteLink>
      </p>
      <ChatPanel />
      <MessageForm />
    </Page>
  )
}
