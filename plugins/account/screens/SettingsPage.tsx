import { constants, errorText, Page, useServices, useSession } from '@core'
import { observer } from 'mobx-react-lite'
import { useCallback, useRef, useState } from 'react'
import { type EmailSetting, getSettings, type Settings, type TermName, updateSettings } from '../member/api'
import { Loaded, useLoad } from '../member/Loaded'
import s from '../member/styles'
import { formatDate } from '../member/text'
import { useAccountPages } from '../texts'

/** SPEC 3's terms in the order shown; their defaults are SPEC 9's (constants.json defaultTerms). */
const TERMS: readonly TermName[] = ['stats', 'cookies', 'firefox', 'pii']
const EMAILS: readonly EmailSetting[] = ['email_offers', 'email_rebates', 'sms']

type Key = TermName | EmailSetting

function currentOf(st: Settings, k: Key): boolean {
  return (TERMS as readonly string[]).includes(k) ? st.terms[k as TermName] : st[k as EmailSetting]
}
function withValue(st: Settings, k: Key, v: boolean): Settings {
  if ((TERMS as readonly string[]).includes(k)) return { ...st, terms: { ...st.terms, [k]: v } }
  // a switch changed here is no longer the unsubscribe link's doing (the server drops its note too)
  const { [k as 'email_offers']: _gone, ...notes } = st.unsubscribed ?? {}
  return { ...st, [k]: v, unsubscribed: notes }
}

/**
 * /account/pss and /account/settings: the four terms and the e-mail settings, each saved when it is
 * changed: the switch moves at once, and goes back with a message when the server refuses.
 */
function SettingsPage() {
  const { t, i18n } = useAccountPages()
  const { http } = useServices()
  const session = useSession()
  const load = useCallback(() => getSettings(http), [http])
  const { state, reload, setData } = useLoad(load)
  const [error, setError] = useState('')
  const [said, setSaid] = useState('')
  /** The last request of each switch: an older reply that fails does not undo a newer change. */
  const latest = useRef<Partial<Record<Key, number>>>({})
  const seq = useRef(0)

  async function change(k: Key, v: boolean) {
    if (state.status !== 'ready') return
    const mine = ++seq.current
    latest.current[k] = mine
    const isTerm = (TERMS as readonly string[]).includes(k)
    const terms = { ...state.data.terms, [k]: v }
    setError('')
    setSaid('')
    setData((st) => withValue(st, k, v))
    try {
      await updateSettings(http, isTerm ? { terms } : { [k]: v })
      if (latest.current[k] === mine)
        setSaid(t('member.settings.saved', { name: t(`member.settings.${k}.label`) }))
      if (isTerm) void session.resync()
    } catch (e) {
      if (latest.current[k] === mine) {
        setData((st) => withValue(st, k, !v))
        setError(
          t('member.settings.failed', { name: t(`member.settings.${k}.label`), reason: errorText(t, e) }),
        )
      }
    }
  }

  const row = (st: Settings, k: Key) => (
    <div className={s.switch} key={k}>
      <input
        id={`setting-${k}`}
        type="checkbox"
        checked={currentOf(st, k)}
        onChange={(e) => void change(k, e.target.checked)}
        aria-describedby={
          unsubscribedLine(st, k) ? `setting-${k}-hint setting-${k}-unsubscribed` : `setting-${k}-hint`
        }
      />
      <div>
        <label htmlFor={`setting-${k}`}>{t(`member.settings.${k}.label`)}</label>
        <p id={`setting-${k}-hint`}>{t(`member.settings.${k}.hint`)}</p>
        {unsubscribedLine(st, k)}
      </div>
    </div>
  )

  /** Issue 27: a mail setting a mail's unsubscribe turned off says when and how, while it is off. */
  const unsubscribedLine = (st: Settings, k: Key) => {
    const note = k === 'email_offers' || k === 'email_rebates' ? st.unsubscribed?.[k] : undefined
    if (!note || currentOf(st, k)) return null
    return (
      <p id={`setting-${k}-unsubscribed`} data-testid={`setting-${k}-unsubscribed`}>
        {t(`member.settings.unsubscribed.${note.via}`, { date: formatDate(note.at, i18n.language) })}
      </p>
    )
  }

  const defaults = TERMS.map((k) =>
    t(constants.defaultTerms[k] ? 'member.settings.defaultOn' : 'member.settings.defaultOff', {
      name: t(`member.settings.${k}.label`),
    }),
  ).join(' · ')

  return (
    <Page title={t('member.settings.title')} className={s.page} testId="settings-page">
      <Loaded state={state} retry={reload}>
        {(st) => (
          <>
            <p className={s.muted}>{t('member.settings.intro')}</p>
            {error ? (
              <p role="alert" className={s.alert} data-testid="settings-error">
                {error}
              </p>
            ) : null}
            <div role="status" aria-live="polite" className="visually-hidden" data-testid="settings-status">
              {said}
            </div>
            <div className={s.card}>
              <fieldset className={s.fieldset}>
                <legend>{t('member.settings.terms')}</legend>
                {TERMS.map((k) => row(st, k))}
                <p className={s.muted}>{t('member.settings.defaults', { list: defaults })}</p>
              </fieldset>
            </div>
            <div className={s.card}>
              <fieldset className={s.fieldset}>
                <legend>{t('member.settings.emails')}</legend>
                {EMAILS.map((k) => row(st, k))}
              </fieldset>
            </div>
          </>
        )}
      </Loaded>
    </Page>
  )
}

export default observer(SettingsPage)
