import { Button, constants, errorText, HttpError, localeOf, useServices } from '@core'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useAccountPages } from '../texts'
import { chatEvents, chatMessages, currentChat, endChat, sendChat, startChat } from './api'
import type { ChatConversation, ChatMessage } from './chat-contract'
import { chatOpen } from './chat-contract'
import { followChat } from './chat-live'
import { TextAreaField } from './fields'
import s from './styles'

/** How often an open conversation asks for new messages when its live stream has failed. */
const POLL_MS = 5000

/** The business hours in words, in the member's language: 'Monday to Friday, 8:00 to 20:00 (Eastern Time)'. */
export function hoursText(t: (k: string, o?: Record<string, unknown>) => string, lng: string): string {
  const c = constants.chat
  const locale = localeOf(lng)
  // 2024-01-07 was a Sunday: day d of the week is that date plus d
  const dayName = (d: number) =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 7 + d)),
    )
  const days = [...c.days].sort((a, b) => a - b)
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1]! + 1)
  const dayText =
    consecutive && days.length > 2
      ? t('member.chat.dayRange', { from: dayName(days[0]!), to: dayName(days.at(-1)!) })
      : new Intl.ListFormat(locale, { type: 'conjunction' }).format(days.map(dayName))
  const zone =
    new Intl.DateTimeFormat(locale, { timeZone: c.timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value ?? c.timeZone
  return t('member.chat.hours', { days: dayText, open: `${c.openHour}:00`, close: `${c.closeHour}:00`, zone })
}

/**
 * The live chat (SPEC 2.9): in business hours, a conversation stored on the server (start, write,
 * end); the agent's answers arrive live through the conversation's event stream (chat-live.ts; every
 * few seconds by polling if the stream fails), and the agent may end it; outside the hours, it says
 * when it opens and points to the form.
 */
export function ChatPanel() {
  const { t, i18n } = useAccountPages()
  const { http } = useServices()
  const [open, setOpen] = useState<boolean | null>(null)
  const [conv, setConv] = useState<ChatConversation | null>(null)
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [draft, setDraft] = useState('')
  const [fieldError, setFieldError] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [loadFailed, setLoadFailed] = useState(false)
  const input = useRef<HTMLTextAreaElement>(null)
  const lastId = useRef(0)
  lastId.current = messages.at(-1)?.id ?? 0
  const ended = conv?.status === 'closed'

  const failed = useCallback(
    (e: unknown) => {
      if (e instanceof HttpError && (e.code === 'chat_closed' || e.code === 'chat_conversation_closed')) {
        setOpen(e.code === 'chat_closed' ? false : open)
        setConv(null)
        setMessages([])
      }
      setError(
        e instanceof HttpError && e.code
          ? t(`member.errors.${e.code}`, { defaultValue: '' }) || errorText(t, e)
          : errorText(t, e),
      )
    },
    [t, open],
  )

  const load = useCallback(() => {
    setLoadFailed(false)
    setOpen(null)
    currentChat(http).then(
      (r) => {
        setOpen(r.open)
        setConv(r.data)
        setMessages(r.data?.messages ?? [])
      },
      () => {
        // the server did not answer: the hours of config still say whether the chat is open
        setOpen(chatOpen())
        setLoadFailed(true)
      },
    )
  }, [http])
  useEffect(load, [load])

  const convId = conv && conv.status === 'open' ? conv.id : null
  useEffect(() => {
    if (convId === null) return
    return followChat({
      after: lastId.current,
      open: (after, signal) => chatEvents(http, convId, after, signal),
      poll: (after) => chatMessages(http, convId, after),
      pollMs: POLL_MS,
      onMessages: (more) => setMessages((m) => [...m, ...more.filter((x) => x.id > (m.at(-1)?.id ?? 0))]),
      onStatus: (status) => setConv((c) => (c && c.id === convId ? { ...c, status } : c)),
    })
  }, [http, convId])

  async function start() {
    setBusy(true)
    setError('')
    try {
      const c = await startChat(http)
      setConv(c)
      setMessages(c.messages)
      setTimeout(() => input.current?.focus(), 0)
    } catch (e) {
      failed(e)
    } finally {
      setBusy(false)
    }
  }

  async function send(e: FormEvent) {
    e.preventDefault()
    if (!conv || busy) return
    const body = draft.trim()
    if (!body) {
      setFieldError(t('member.errors.body.too_short'))
      input.current?.focus()
      return
    }
    setBusy(true)
    setError('')
    setFieldError('')
    try {
      const m = await sendChat(http, conv.id, body)
      setMessages((list) => [...list.filter((x) => x.id !== m.id), m])
      setDraft('')
    } catch (err) {
      const code = err instanceof HttpError ? err.codes.body : undefined
      if (code) setFieldError(t(`member.errors.body.${code}`, { defaultValue: '' }) || errorText(t, err))
      else failed(err)
      input.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  async function end() {
    if (!conv) return
    setBusy(true)
    try {
      await endChat(http, conv.id)
      setConv(null)
      setMessages([])
    } catch (e) {
      failed(e)
    } finally {
      setBusy(false)
    }
  }

  const text = (m: ChatMessage) =>
    m.author === 'system' ? t(`member.chat.system.${m.body}`, { defaultValue: m.body }) : m.body
  return (
    <section className={s.card} aria-labelledby="chat-title" data-testid="chat-panel">
      <h2 id="chat-title">{t('member.chat.title')}</h2>
      <p className={s.muted}>{hoursText(t, i18n.language)}</p>
      {open === null ? (
        <p role="status">{t('member.loading')}</p>
      ) : !open ? (
        <p data-testid="chat-closed">{t('member.chat.closed')}</p>
      ) : conv ? (
        <>
          <div role="log" aria-live="polite" aria-label={t('member.chat.log')} data-testid="chat-log">
            <ol className={s.chatLog}>
              {messages.map((m) => (
                <li key={m.id} className={m.author === 'member' ? s.mine : undefined}>
                  <span className="visually-hidden">{t(`member.chat.author.${m.author}`)}: </span>
                  {text(m)}
                </li>
              ))}
            </ol>
          </div>
          {ended ? (
            <div data-testid="chat-ended">
              <p role="status">{t('member.chat.endedNote')}</p>
              <Button onClick={start} disabled={busy} aria-busy={busy}>
                {t('member.chat.startNew')}
              </Button>
            </div>
          ) : (
            <form onSubmit={send} noValidate>
              <TextAreaField
                ref={input}
                id="chat-message"
                name="body"
                label={t('member.chat.message')}
                value={draft}
                maxLength={constants.chat.messageMaxLength}
                onChange={(e) => {
                  setDraft(e.target.value)
                  setFieldError('')
                }}
                error={fieldError}
              />
              <div className={s.actions}>
                <Button type="submit" disabled={busy}>
                  {t('member.chat.send')}
                </Button>
                <Button variant="secondary" onClick={end} disabled={busy}>
                  {t('member.chat.end')}
                </Button>
              </div>
            </form>
          )}
        </>
      ) : (
        <>
          <p>{t('member.chat.openNow')}</p>
          <Button onClick={start} disabled={busy || loadFailed} aria-busy={busy}>
            {t('member.chat.start')}
          </Button>
        </>
      )}
      {loadFailed ? (
        <div role="alert" className={s.alert}>
          <p>{t('member.loadError')}</p>
          <Button variant="secondary" onClick={load}>
            {t('member.retry')}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className={s.alert}>
          {error}
        </p>
      ) : null}
    </section>
  )
}
