import { Button, Dialog, errorText, LoadView, useLoad, useStore, useTranslation } from '@core'
import { Observer, observer } from 'mobx-react-lite'
import { useRef, useState } from 'react'
import { CheckNow } from '../components/CheckNow'
import { Badge } from '../components/Claims'
import { formatDateTime, formatDay } from '../components/dates'
import { ProtectionPage } from '../components/ProtectionPage'
import { providerName } from '../components/providers'
import s from '../components/styles'
import { Tiles } from '../components/Tiles'
import { useProtectionApi } from '../components/useProtectionApi'
import { type Provider, ProviderKinds } from '../contract'
import type { LinkedAccountInstance } from '../model'

/**
 * Where a provider's address (its consent page, the member's account page there) may send the
 * browser: a same-origin path (the development provider) or an https address; anything else
 * (javascript:, '//host', http elsewhere) is refused.
 */
export function consentUrl(
  url: string,
  origin = globalThis.location?.origin ?? 'http://localhost',
): string | null {
  try {
    const u = new URL(url, origin)
    if (url.startsWith('//') || url.startsWith('/\\')) return null
    if (u.origin === new URL(origin).origin && (u.protocol === 'http:' || u.protocol === 'https:'))
      return u.href
    return u.protocol === 'https:' ? u.href : null
  } catch {
    return null
  }
}

type Linking = { provider: string; busy: boolean; error: string | null }

/** The button that starts linking a provider (or linking it again): authorize, then the provider's page. */
function LinkButton({
  provider,
  name,
  again,
  linking,
  onLink,
}: {
  provider: string
  name: string
  again?: boolean
  linking: Linking | null
  onLink: (provider: string, name: string) => void
}) {
  const { t } = useTranslation('protection')
  const mine = linking?.provider === provider
  const busy = mine && linking?.busy
  return (
    <div className={s.actions}>
      <Button
        variant={again ? 'primary' : 'secondary'}
        onClick={() => onLink(provider, name)}
        disabled={Boolean(linking?.busy)}
        aria-busy={busy || undefined}
      >
        {busy ? <span className={s.spin} aria-hidden="true" /> : null}
        {t(again ? 'accounts.linkAgain' : 'accounts.link', { provider: name })}
      </Button>
      {busy ? (
        <span role="status" className={s.muted}>
          {t('accounts.linking', { provider: name })}
        </span>
      ) : null}
      {mine && linking?.error ? (
        <p role="alert" className={s.line} data-testid="link-error">
          {linking.error}
        </p>
      ) : null}
    </div>
  )
}

/** One linked account: provider, account, status, last check, the provider's page, unlink. */
const LinkedItem = observer(function LinkedItem({
  account: a,
  name,
  linking,
  onLink,
  onUnlink,
}: {
  account: LinkedAccountInstance
  name: string
  linking: Linking | null
  onLink: (provider: string, name: string) => void
  onUnlink: (a: LinkedAccountInstance) => void
}) {
  const { t, i18n } = useTranslation('protection')
  const lng = i18n.language
  const manage = a.manage_url ? consentUrl(a.manage_url) : null
  return (
    <li className={s.tile} data-testid={`linked-${a.provider}`}>
      <div className={s.head}>
        <h3>{name}</h3>
        <Badge
          status={a.status}
          text={a.status === 'connected' ? t('accounts.connected') : t('accounts.attention')}
        />
      </div>
      <p className={s.email}>{a.account_email}</p>
      {a.status === 'needs_attention' ? (
        <p className={s.line}>{t('accounts.needsAttention', { provider: name })}</p>
      ) : null}
      <p className={s.muted}>
        {a.last_synced_at
          ? t('accounts.lastChecked', { date: formatDateTime(a.last_synced_at, lng) })
          : t('accounts.notChecked')}
      </p>
      {a.sync_error ? (
        <p className={s.alert} data-testid="sync-error">
          {t('accounts.syncError', { provider: name, date: formatDay(a.sync_error.at, lng) })}
        </p>
      ) : null}
      {a.status === 'needs_attention' ? (
        <LinkButton provider={a.provider} name={name} again linking={linking} onLink={onLink} />
      ) : null}
      <div className={s.actions}>
        {manage ? (
          <a href={manage} rel="noopener">
            {t('accounts.manage', { provider: name })}
          </a>
        ) : null}
        <Button variant="link" onClick={() => onUnlink(a)}>
          {t('accounts.unlink', { provider: name })}
        </Button>
      </div>
    </li>
  )
})

/**
 * /account/protection/accounts: the member's linked accounts (the store's, refreshed here) and the
 * providers still to link, grouped by kind. Linking is a full page load to the provider's consent
 * page (POST {base}/accounts/authorize gives its address): the member signs in there, never here.
 */
const LinkedAccountsPage = observer(function LinkedAccountsPage() {
  const { t } = useTranslation('protection')
  const api = useProtectionApi()
  const slice = useStore('protection')
  const providers = useLoad('providers', async () => {
    const [reply] = await Promise.all([api.providers(), slice.load()])
    return reply.data
  })
  const [linking, setLinking] = useState<Linking | null>(null)
  const [confirm, setConfirm] = useState<LinkedAccountInstance | null>(null)
  const [unlinking, setUnlinking] = useState(false)
  const [unlinkError, setUnlinkError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const yours = useRef<HTMLHeadingElement>(null)

  async function link(provider: string, name: string) {
    setLinking({ provider, busy: true, error: null })
    try {
      const { url } = await api.authorize(provider)
      const to = consentUrl(url)
      if (!to) throw new Error('The consent page address is not one we open.')
      window.location.assign(to) // stays busy: the page is leaving
    } catch (e) {
      setLinking({
        provider,
        busy: false,
        error: `${t('accounts.linkFailed', { provider: name })} (${errorText(t, e)})`,
      })
    }
  }

  async function unlink(a: LinkedAccountInstance, name: string) {
    setUnlinking(true)
    setUnlinkError(null)
    try {
      await api.unlink(a.id)
      setConfirm(null)
      setDone(t('accounts.unlinked', { provider: name }))
      await slice.load().catch(() => {})
      yours.current?.focus()
    } catch (e) {
      setUnlinkError(`${t('accounts.unlinkFailed', { provider: name })} (${errorText(t, e)})`)
    } finally {
      setUnlinking(false)
    }
  }

  return (
    <ProtectionPage current="accounts">
      <CheckNow onDone={(reply) => slice.set(reply.data)} />
      <LoadView load={providers} what={t('accounts.failed')} rows={4}>
        {(list) => (
          // LoadView calls this in its own render: Observer makes the store's reads here tracked
          <Observer>
            {() => {
              const nameOf = (id: string) => list.find((p) => p.id === id)?.name ?? providerName(id)
              const linkedIds = new Set(slice.linked_accounts.map((a) => a.provider))
              const rest = list.filter((p) => !linkedIds.has(p.id))
              return (
                <>
                  <section className={s.section} aria-labelledby="yours-title">
                    <h2 id="yours-title" ref={yours} tabIndex={-1}>
                      {t('accounts.yours')}
                    </h2>
                    <p role="status" className={done ? s.success : undefined}>
                      {done ?? ''}
                    </p>
                    <Tiles<LinkedAccountInstance>
                      items={slice.linked_accounts}
                      empty={t('accounts.none')}
                      testId="linked-list"
                      emptyTestId="linked-none"
                    >
                      {(a) => (
                        <LinkedItem
                          key={a.id}
                          account={a}
                          name={nameOf(a.provider)}
                          linking={linking}
                          onLink={link}
                          onUnlink={(x) => {
                            setUnlinkError(null)
                            setConfirm(x)
                          }}
                        />
                      )}
                    </Tiles>
                  </section>
                  {rest.length === 0 ? <p className={s.muted}>{t('accounts.allLinked')}</p> : null}
                  {ProviderKinds.map((kind) => {
                    const group = rest.filter((p) => p.kind === kind)
                    if (group.length === 0) return null
                    return (
                      <section
                        key={kind}
                        className={s.section}
                        aria-labelledby={`kind-${kind}`}
                        data-testid={`kind-${kind}`}
                      >
                        <h2 id={`kind-${kind}`}>{t(`accounts.kinds.${kind}`)}</h2>
                        <ul className={s.tiles}>
                          {group.map((p: Provider) => (
                            <li key={p.id} className={s.tile} data-testid={`provider-${p.id}`}>
                              <h3>{p.name}</h3>
                              {p.available ? (
                                <LinkButton provider={p.id} name={p.name} linking={linking} onLink={link} />
                              ) : (
                                <p className={s.muted}>{t('accounts.unavailable')}</p>
                              )}
                            </li>
                          ))}
                        </ul>
                      </section>
                    )
                  })}
                  {confirm ? (
                    <Dialog
                      title={t('accounts.confirm.title', { provider: nameOf(confirm.provider) })}
                      closeLabel={t('accounts.confirm.close')}
                      onClose={() => setConfirm(null)}
                      size="small"
                      testId="unlink-dialog"
                    >
                      <p>{t('accounts.confirm.body', { provider: nameOf(confirm.provider) })}</p>
                      {unlinkError ? (
                        <p role="alert" className={s.alert}>
                          {unlinkError}
                        </p>
                      ) : null}
                      <div className={s.actions}>
                        <Button
                          onClick={() => unlink(confirm, nameOf(confirm.provider))}
                          disabled={unlinking}
                          aria-busy={unlinking || undefined}
                        >
                          {unlinking ? <span className={s.spin} aria-hidden="true" /> : null}
                          {t('accounts.confirm.yes')}
                        </Button>
                        <Button variant="secondary" onClick={() => setConfirm(null)}>
                          {t('accounts.confirm.no')}
                        </Button>
                      </div>
                    </Dialog>
                  ) : null}
                </>
              )
            }}
          </Observer>
        )}
      </LoadView>
    </ProtectionPage>
  )
})
export default LinkedAccountsPage
