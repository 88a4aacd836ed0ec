import { Button, errorText, formatCents, Page, useServices, useStore } from '@core'
import { observer } from 'mobx-react-lite'
import { useCallback, useState } from 'react'
import type { Notification } from '../contract'
import { getNotifications, markRead, type NotificationsReply as Reply } from '../member/api'
import { Loaded, useLoad } from '../member/Loaded'
import s from '../member/styles'
import { formatDate } from '../member/text'
import { useAccountPages } from '../texts'

/** /account/notifications: newest first, mark one or all read; the header's count follows. */
function NotificationsPage() {
  const { t, i18n } = useAccountPages()
  const { http } = useServices()
  const account = useStore('account')
  const load = useCallback(async () => {
    const r = await getNotifications(http)
    account.setUnread(r.unread)
    return r
  }, [http, account])
  const { state, reload, setData } = useLoad<Reply>(load)
  // a notification with a known kind is written in the page's language; any other keeps the server's words
  const textOf = (n: Notification) => {
    if (!n.kind || !i18n.exists(`account:notice.${n.kind}.title`)) return { title: n.title, body: n.body }
    const p = n.params ?? {}
    const vars = {
      store: String(p.store ?? ''),
      amount: typeof p.amount_cents === 'number' ? formatCents(p.amount_cents, i18n.language) : '',
      // rebate claims (issue 27): the benefit in the page's language, the reason as staff wrote it
      benefit: p.benefit ? t(`benefit.${p.benefit}`, { defaultValue: String(p.benefit) }) : '',
      reason: String(p.reason ?? ''),
    }
    return { title: t(`notice.${n.kind}.title`, vars), body: t(`notice.${n.kind}.body`, vars) }
  }
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [said, setSaid] = useState('')

  async function mark(ids?: number[]) {
    setBusy(true)
    setError('')
    setSaid('')
    try {
      await markRead(http, ids)
      const was = state.status === 'ready' ? state.data : null
      const left =
        ids && was
          ? Math.max(0, was.unread - was.data.filter((n) => ids.includes(n.id) && !n.read).length)
          : 0
      setData((d) => ({
        ...d,
        data: d.data.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)),
        unread: left,
      }))
      account.setUnread(left)
      setSaid(ids ? t('member.notifications.markedOne') : t('member.notifications.markedAll'))
    } catch (e) {
      setError(errorText(t, e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page title={t('member.notifications.title')} className={s.page} testId="notifications-page">
      <Loaded state={state} retry={reload}>
        {(d) => (
          <>
            <div className={s.row}>
              <p data-testid="notifications-unread">
                {t('member.notifications.unread', { count: d.unread })}
              </p>
              {d.unread > 0 ? (
                <Button variant="secondary" onClick={() => mark()} disabled={busy}>
                  {t('member.notifications.markAll')}
                </Button>
              ) : null}
            </div>
            <div role="status" aria-live="polite">
              {said}
            </div>
            {error ? (
              <p role="alert" className={s.alert}>
                {error}
              </p>
            ) : null}
            {d.data.length === 0 ? (
              <p className={s.card}>{t('member.notifications.empty')}</p>
            ) : (
              <ul className={`${s.list} ${s.card}`} aria-label={t('member.notifications.title')}>
                {d.data
                  .map((raw) => ({ ...raw, ...textOf(raw) }))
                  .map((n) => (
                    <li
                      key={n.id}
                      className={s.item}
                      data-testid="notification"
                      data-kind={n.kind ?? undefined}
                    >
                      <div>
                        <h2 className={n.read ? undefined : s.unread}>
                          {n.read ? null : (
                            <span className="visually-hidden">{t('member.notifications.new')} </span>
                          )}
                          {n.title}
                        </h2>
                        <p>{n.body}</p>
                        <p className={s.muted}>{formatDate(n.created_at, i18n.language)}</p>
                      </div>
                      {n.read ? null : (
                        <Button
                          variant="link"
                          onClick={() => mark([n.id])}
                          disabled={busy}
                          aria-label={t('member.notifications.markOneLabel', { title: n.title })}
                        >
                          {t('member.notifications.markOne')}
                        </Button>
                      )}
                    </li>
                  ))}
              </ul>
            )}
          </>
        )}
      </Loaded>
    </Page>
  )
}

export default observer(NotificationsPage)
