import { useTranslation } from '@core'
import type { Notice as NoticeValue } from '../model'
import s from './auth.module.css'
import { serverText } from './text'

/**
 * One short message of the auth plugin (signed out, welcome, …) with its dismiss button. A chunk of
 * its own with the 'auth' texts, loaded when the first message shows: a visitor's page that shows none
 * fetches neither (AuthOverlay keeps the live region in the page meanwhile).
 */
export default function Notice({ notice, onDismiss }: { notice: NoticeValue; onDismiss: () => void }) {
  const { t } = useTranslation('auth')
  const text = notice.key ? t(notice.key, { email: notice.text ?? '' }) : serverText(t, notice.text ?? '')
  return (
    <div className={s.toast} data-testid="auth-notice" data-tone={notice.tone}>
      <span>{text}</span>
      <button type="button" onClick={onDismiss} aria-label={t('notice.dismiss')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
