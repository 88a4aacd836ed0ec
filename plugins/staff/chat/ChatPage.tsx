import {
  Button,
  codeText,
  constants,
  FormAlert,
  HttpError,
  Spinner,
  useServices,
  useTranslation,
} from '@core'
import type { TFunction } from 'i18next'
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { staffErrorText } from '../shell/errors'
import { StaffLayout } from '../shell/StaffLayout'
import shared from '../shell/staff.module.css'
import { chatApi, chatEvents } from './api'
import s from './chat.module.css'
import type { StaffChatConversation, StaffChatMessage, StaffChatSummary } from './contract'

/** How often the page asks again while its live stream is down (EventSource reconnects meanwhile). */
const POLL_MS = 5000

/** The chat namespace's text of a server code; others as the console says them. */
const CODES: Record<string, string> = {
  chat_taken: 'errors.taken',
  chat_not_yours: 'errors.notYours',
  chat_conversation_closed: 'errors.closed',
  not_found: 'errors.notFound',
}
function chatError(t: TFunction, e: unknown): string {
  if (e instanceof HttpError && e.code && CODES[e.code]) return codeText(t, e.code, e.firstError ?? '', CODES)
  return staffErrorText(t, e)
}

const who = (c: StaffChatSummary) => c.member.name || c.member.email

/** One conversation in a list: who, since when, the member's last words, and its button. */
function Item({
  c,
  action,
  onAction,
  busy,
  current,
}: {
  c: StaffChatSummary
  action: string
  onAction: () => void
  busy: boolean
  current: boolean
}) {
  const { t, i18n } = useTranslation('staff-chat')
  return (
    <li className={shared.card} data-testid="chat-item" aria-current={current ? 'true' : undefined}>
      <h3 className={s.itemTitle}>{who(c)}</h3>
      <p className={shared.muted}>
        {c.member.email} ·{' '}
        {c.taken_at
          ? t('takenAt', { time: new Date(c.taken_at).toLocaleString(i18n.language) })
          : t('since', { time: new Date(c.created_at).toLocaleString(i18n.language) })}
      </p>
      <p className={s.preview}>{c.last_member_message ?? t('noMessageYet')}</p>
      <Button onClick={onAction} disabled={busy} aria-label={`${action}: ${who(c)}`}>
        {action}
      </Button>
    </li>
  )
}

function Message({ m }: { m: StaffChatMessage }) {
  const { t, i18n } = useTranslation('staff-chat')
  const author =
    m.author === 'agent'
      ? (m.staff_name ?? t('author.agent'))
      : t(`author.${m.author}`, { defaultValue: m.author })
  const text = m.author === 'system' ? t(`system.${m.body}`, { defaultValue: m.body }) : m.body
  return (
    <li className={m.author === 'agent' ? s.agent : m.author === 'system' ? s.system : s.member}>
      <span className={s.author}>{author}</span>{' '}
      <time className={shared.muted} dateTime={m.created_at}>
        {new Date(m.created_at).toLocaleTimeString(i18n.language)}
      </time>
      <p className={s.body}>{text}</p>
    </li>
  )
}

/** The answer box of a conversation the agent has taken, with its send and close buttons. */
function AnswerForm({
  busy,
  send,
  close,
}: {
  busy: boolean
  send: (body: string) => Promise<boolean>
  close: () => void
}) {
  const { t } = useTranslation('staff-chat')
  const [draft, setDraft] = useState('')
  const [error, setError] = useState('')
  const box = useRef<HTMLTextAreaElement>(null)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const body = draft.trim()
    if (busy) return
    if (!body) setError(t('errors.empty'))
    else if (await send(body)) setDraft('')
    box.current?.focus()
  }
  const described = error ? { 'aria-invalid': true, 'aria-describedby': 'chat-answer-error' } : {}
  return (
    <form onSubmit={submit} noValidate className={shared.form}>
      <label htmlFor="chat-answer" className={shared.label}>
        {t('answer')}
      </label>
      <textarea
        ref={box}
        id="chat-answer"
        name="body"
        rows={3}
        className={`${shared.select} ${s.textarea}`}
        value={draft}
        maxLength={constants.chat.messageMaxLength}
        onChange={(e) => {
          setDraft(e.target.value)
          setError('')
        }}
        {...described}
      />
      {error && (
        <p id="chat-answer-error" className={s.fieldError}>
          {error}
        </p>
      )}
      <div className={shared.actions}>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {t('send')}
        </Button>
        <Button variant="secondary" onClick={close} disabled={busy}>
          {t('close')}
        </Button>
      </div>
    </form>
  )
}

/**
 * /staff/chat (support, admin): the conversations waiting for an agent and the agent's own, taking
 * one (one owner: another agent's take is refused), the conversation with its messages as they come,
 * an answer box and closing it. Live through GET /api/staff/chat/events (EventSource); every few
 * seconds by asking while the stream is down.
 */
export default function ChatPage() {
  const { t } = useTranslation('staff-chat')
  const { http, config } = useServices()
  const api = useMemo(() => chatApi(http), [http])
  const [lists, setLists] = useState<{ waiting: StaffChatSummary[]; mine: StaffChatSummary[] } | null>(null)
  const [loadError, setLoadError] = useState('')
  const [open, setOpen] = useState<StaffChatConversation | null>(null)
  const [live, setLive] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  const log = useRef<HTMLDivElement>(null)
  const shown = open?.messages.length ?? 0
  // the newest message in view as messages come (the log scrolls)
  useEffect(() => {
    if (shown && log.current) log.current.scrollTop = log.current.scrollHeight
  }, [shown])
  const openId = useRef<number | null>(null)
  openId.current = open?.id ?? null

  const refresh = useCallback(async () => {
    try {
      setLists((await api.list()).data)
      setLoadError('')
    } catch (e) {
      setLoadError(chatError(t, e))
    }
  }, [api, t])
  const reloadOpen = useCallback(
    async (id: number) => {
      try {
        const c = (await api.conversation(id)).data
        if (openId.current === id) setOpen(c)
      } catch {
        // the list and the next event try again
      }
    },
    [api],
  )

  useEffect(() => {
    void refresh()
  }, [refresh])

  useEffect(
    () =>
      chatEvents(config.app.apiBaseUrl, {
        state: setLive,
        change: (e) => {
          void refresh()
          if (e.conversation_id === openId.current) void reloadOpen(e.conversation_id)
        },
      }),
    [config.app.apiBaseUrl, refresh, reloadOpen],
  )

  // the stream is down: ask every few seconds until it is back
  useEffect(() => {
    if (live !== false) return
    const timer = window.setInterval(() => {
      void refresh()
      if (openId.current !== null) void reloadOpen(openId.current)
    }, POLL_MS)
    return () => window.clearInterval(timer)
  }, [live, refresh, reloadOpen])

  const act = async (fn: () => Promise<void>) => {
    setBusy(true)
    setError('')
    setNotice('')
    try {
      await fn()
    } catch (e) {
      setError(chatError(t, e))
      void refresh()
    } finally {
      setBusy(false)
    }
  }

  const show = (c: StaffChatConversation) => {
    setOpen(c)
    setTimeout(() => heading.current?.focus(), 0)
  }
  const take = (c: StaffChatSummary) =>
    act(async () => {
      show((await api.take(c.id)).data)
      setNotice(t('taken', { name: who(c) }))
      await refresh()
    })
  const view = (c: StaffChatSummary) => act(async () => show((await api.conversation(c.id)).data))

  /** Sends an answer in the open conversation; true when it was sent. */
  const answer = async (body: string) => {
    if (!open) return false
    let sent = false
    await act(async () => {
      const m = (await api.answer(open.id, body)).data
      setOpen((c) =>
        c && c.id === open.id ? { ...c, messages: [...c.messages.filter((x) => x.id !== m.id), m] } : c,
      )
      sent = true
    })
    return sent
  }

  const close = () =>
    open &&
    act(async () => {
      setOpen((await api.close(open.id)).data)
      setNotice(t('closedNotice', { name: who(open) }))
      await refresh()
    })

  const mine = open && open.status === 'open' && lists?.mine.some((c) => c.id === open.id)
  return (
    <StaffLayout title={t('title')}>
      <p role="status" className={shared.muted} data-testid="chat-live">
        {live === null ? t('connecting') : live ? t('live') : t('offline')}
      </p>
      <FormAlert text={error || loadError} />
      <p role="status" className={s.notice}>
        {notice}
      </p>
      <div className={s.columns}>
        <div>
          <section aria-labelledby="chat-waiting">
            <h2 id="chat-waiting">
              {t('waiting')} {lists ? <span className={shared.badge}>{lists.waiting.length}</span> : null}
            </h2>
            {!lists ? (
              loadError ? null : (
                <Spinner />
              )
            ) : lists.waiting.length ? (
              <ul className={s.list} data-testid="chat-waiting">
                {lists.waiting.map((c) => (
                  <Item
                    key={c.id}
                    c={c}
                    action={t('take')}
                    onAction={() => void take(c)}
                    busy={busy}
                    current={open?.id === c.id}
                  />
                ))}
              </ul>
            ) : (
              <p className={shared.muted}>{t('noneWaiting')}</p>
            )}
          </section>
          <section aria-labelledby="chat-mine">
            <h2 id="chat-mine">{t('mine')}</h2>
            {lists?.mine.length ? (
              <ul className={s.list} data-testid="chat-mine">
                {lists.mine.map((c) => (
                  <Item
                    key={c.id}
                    c={c}
                    action={t('open')}
                    onAction={() => void view(c)}
                    busy={busy}
                    current={open?.id === c.id}
                  />
                ))}
              </ul>
            ) : lists ? (
              <p className={shared.muted}>{t('noneMine')}</p>
            ) : null}
          </section>
        </div>
        <section aria-labelledby="chat-open" className={shared.card} data-testid="chat-conversation">
          <h2 id="chat-open" ref={heading} tabIndex={-1}>
            {open ? t('with', { name: who(open) }) : t('conversation')}
          </h2>
          {!open ? (
            <p className={shared.muted}>{t('pick')}</p>
          ) : (
            <>
              <p className={shared.muted}>
                {open.member.email} · {t('memberId', { id: open.member.id })}
                {open.status === 'closed' ? ` · ${t('ended')}` : ''}
              </p>
              <div
                ref={log}
                role="log"
                aria-live="polite"
                aria-label={t('log', { name: who(open) })}
                className={s.log}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
                tabIndex={0}
              >
                <ol className={s.messages}>
                  {open.messages.map((m) => (
                    <Message key={m.id} m={m} />
                  ))}
                </ol>
              </div>
              {mine ? (
                <AnswerForm key={open.id} busy={busy} send={answer} close={() => void close()} />
              ) : open.status === 'open' && !open.agent ? (
                <Button onClick={() => void take(open)} disabled={busy}>
                  {t('take')}
                </Button>
              ) : open.status === 'open' ? (
                <p className={shared.muted}>{t('othersConversation', { agent: open.agent?.name ?? '' })}</p>
              ) : null}
            </>
          )}
        </section>
      </div>
    </StaffLayout>
  )
}
