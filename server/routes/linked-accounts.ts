import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import {
  AuthorizeReply,
  AuthorizeRequest,
  CallbackQuery,
  LinkedAccountParams,
  LinkedAccountsReply,
  type LinkFailure,
  type ProviderId,
  ProviderIds,
  ProvidersReply,
  SyncReply,
} from '../../plugins/protection/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { DEFAULT_LINKED_ACCOUNTS_BASE } from '../../src/config/schemas/app.ts'
import { CALLBACK_PATH } from '../dev-provider.ts'
import { fail } from '../lib/http.ts'
import { linkedOf, toLinked } from '../lib/protection/present.ts'
import { PROVIDERS, ProviderError } from '../lib/protection/providers.ts'
import { syncAccount } from '../lib/protection/sync.ts'
import { runWatcher } from '../lib/protection/watcher.ts'
import { hit } from '../lib/ratelimit.ts'
import { memberRoute, route } from '../lib/route.ts'
import type { Services } from '../services.ts'

const base = DEFAULT_LINKED_ACCOUNTS_BASE
const LINK_PAGE = '/order-protection-link'

/** This server's callback as the provider must send the browser back to it. */
const callbackUri = (s: Services) => `${s.publicUrl}${CALLBACK_PATH}`

interface StateRow {
  user_id: number
  provider: ProviderId
  used_at: Date | null
  expired: boolean
}

/**
 * The linked-accounts service (SPEC 7, "with credentials": the login cookie works as well as the
 * bearer token). Linking is an authorization code flow; see plugins/protection/contract.ts.
 */
export async function linkedAccountRoutes(app: FastifyInstance, s: Services) {
  const p = s.protection

  route(app, s, {
    method: 'GET',
    url: `${base}/providers`,
    tag: 'protection',
    summary: 'The providers a member can link, and whether linking each is on here.',
    reply: ProvidersReply,
    handler: () => ({
      data: ProviderIds.map((id) => ({ id, ...PROVIDERS[id], available: p.available(id) })),
    }),
  })

  memberRoute(app, s, {
    method: 'GET',
    url: `${base}/accounts`,
    tag: 'protection',
    summary: 'Linked accounts of the member; bearer token or login cookie.',
    cookieAuth: true,
    reply: LinkedAccountsReply,
    async handler({ uid }) {
      return { data: (await linkedOf(s.db, uid)).map((r) => toLinked(r, p)) }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: `${base}/accounts/authorize`,
    tag: 'protection',
    summary: "Start linking a provider: the address of the provider's consent page.",
    cookieAuth: true,
    body: AuthorizeRequest,
    reply: AuthorizeReply,
    replies: { 503: 'Linking that provider is off on this server (unavailable)' },
    async handler({ body, uid }) {
      if (!p.available(body.provider) || !p.adapter)
        throw fail(
          503,
          'provider',
          `Linking ${PROVIDERS[body.provider].name} is not available right now.`,
          'unavailable',
        )
      const state = randomBytes(32).toString('base64url')
      await s.db.query('INSERT INTO link_states (state, user_id, provider) VALUES ($1, $2, $3)', [
        state,
        uid,
        body.provider,
      ])
      return { url: p.adapter.authorizeUrl(state, callbackUri(s), body.provider) }
    },
  })

  route(app, s, {
    method: 'GET',
    url: `${base}/callback`,
    tag: 'protection',
    summary: `Where the provider sends the browser back; always a 302 to ${LINK_PAGE}?success=1&provider=… or success=0&reason=….`,
    auth: 'optional',
    cookieAuth: true,
    query: CallbackQuery,
    replies: { 302: 'To the link result page' },
    async handler({ req, reply, query, user }) {
      const done = (q: Record<string, string>) =>
        reply
          .code(302)
          .header('Location', `${LINK_PAGE}?${new URLSearchParams(q)}`)
          .send()
      const refuse = (reason: LinkFailure) => done({ success: '0', reason })
      // no session: nothing is taken; the result page asks to sign in first
      if (!user || !query.state) return refuse('state')
      const st = await s.db.one<StateRow>(
        `SELECT user_id, provider, used_at, created_at < now() - make_interval(mins => $2) AS expired
         FROM link_states WHERE state = $1`,
        [query.state, constants.protection.linkStateMinutes],
      )
      if (!st) return refuse('state')
      if (st.used_at) return refuse('replay')
      if (st.expired) return refuse('expired')
      if (st.user_id !== user.row.id) return refuse('other_member')
      // taken once, atomically: a second callback with this state is a replay
      const taken = await s.db.one(
        'UPDATE link_states SET used_at = now() WHERE state = $1 AND used_at IS NULL RETURNING state',
        [query.state],
      )
      if (!taken) return refuse('replay')
      if (query.error) return refuse(query.error === 'access_denied' ? 'denied' : 'provider')
      if (!p.adapter || !p.cipher || !p.available(st.provider)) return refuse('unavailable')
      if (!query.code) return refuse('provider')
      let grant: Awaited<ReturnType<typeof p.adapter.exchange>>
      try {
        grant = await p.adapter.exchange(query.code, callbackUri(s))
      } catch (e) {
        if (e instanceof ProviderError && e.code === 'invalid_grant') return refuse('replay')
        req.log.warn({ err: e, provider: st.provider }, 'link: the provider did not exchange the code')
        return refuse('provider')
      }
      const token = p.cipher.encrypt(grant.accessToken)
      const linked = await s.db.transaction(async (tx) => {
        // the same member linking the same provider account again: a new token
        const row = await tx.one<{ id: number; user_id: number; token_ciphertext: string }>(
          `INSERT INTO linked_accounts (user_id, provider, account_email, provider_account_id, token_ciphertext, status)
           VALUES ($1, $2, $3, $4, $5, 'connected')
           ON CONFLICT (provider, provider_account_id) DO UPDATE SET token_ciphertext = EXCLUDED.token_ciphertext,
             account_email = EXCLUDED.account_email, status = 'connected'
           WHERE linked_accounts.user_id = EXCLUDED.user_id
           RETURNING id, user_id, token_ciphertext`,
          [user.row.id, st.provider, grant.accountEmail, grant.accountId, token],
        )
        if (!row) return undefined
        // an old row of this provider linked by e-mail (no token) is replaced by this one
        await tx.query(
          'DELETE FROM linked_accounts WHERE user_id = $1 AND provider = $2 AND provider_account_id IS NULL',
          [user.row.id, st.provider],
        )
        return row
      })
      if (!linked) {
        await p.adapter.revoke(grant.accessToken).catch(() => {})
        return refuse('taken')
      }
      // orders arrive at once, not at the next watcher run
      await syncAccount(s.db, p, { ...linked, provider: st.provider }).catch((err) =>
        req.log.warn({ err }, 'link: the first sync failed'),
      )
      return done({ success: '1', provider: st.provider })
    },
  })

  memberRoute(app, s, {
    method: 'DELETE',
    url: `${base}/accounts/:id`,
    tag: 'protection',
    summary: 'Unlink an account: the token is revoked at the provider and deleted; orders and claims stay.',
    cookieAuth: true,
    params: LinkedAccountParams,
    async handler({ params, uid }) {
      const r = await s.db.one<{ token_ciphertext: string | null }>(
        'DELETE FROM linked_accounts WHERE id = $1 AND user_id = $2 RETURNING token_ciphertext',
        [params.id, uid],
      )
      if (!r) throw fail(404, 'id', 'Not found')
      if (r.token_ciphertext && p.adapter && p.cipher) {
        const token = p.cipher.decrypt(r.token_ciphertext)
        await p.adapter.revoke(token).catch(() => {})
      }
      return { success: true }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: `${base}/sync`,
    tag: 'protection',
    summary: "Read the member's linked accounts now and run the watcher for them.",
    cookieAuth: true,
    reply: SyncReply,
    replies: { 429: 'Checked a moment ago (rate_limited)' },
    async handler({ uid }) {
      if (p.syncMinSeconds > 0) {
        const wait = await hit(s.db, `protection-sync:${uid}`, 1, p.syncMinSeconds)
        if (wait > 0)
          throw fail(
            429,
            'sync',
            `Your accounts were checked a moment ago. Try again in ${wait} seconds.`,
            'rate_limited',
          )
      }
      const r = await runWatcher(s, { userId: uid })
      return { data: (await linkedOf(s.db, uid)).map((a) => toLinked(a, p)), claims_found: r.found }
    },
  })
}
