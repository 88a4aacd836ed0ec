import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import type { ConversionChange } from './lib/cashback/hooks.ts'
import { afterCashbackChanges } from './lib/cashback/notify.ts'
import { redactUrl } from './lib/log-redact.ts'
import { sendMemberMail } from './lib/member-mail.ts'
import { unsubSecret, unsubToken } from './lib/unsubscribe.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 27, "Mail": every mail in the member's language (texts in locales/*), the RFC 8058 one-click
 * unsubscribe headers on every notice or marketing mail (none on a transactional one), a one-click POST
 * that acts without a sign-in, and unsubscribe links that act through their signed token.
 */
let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer()
  c = client(app)
})
afterAll(() => app?.close())

type Mail = {
  subject: string
  body: string
  links: { label: string; url: string }[]
  headers?: Record<string, string>
}
const outbox = async (to: string): Promise<Mail[]> => {
  await app.jobs.runDueJobs()
  return (await c.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).body.data as Mail[]
}

async function member(language?: 'en' | 'es') {
  const email = `mail-${randomUUID()}@example.com`
  const r = await c.register(email)
  if (language)
    await app.services.db.query(
      `UPDATE users SET settings = settings || jsonb_build_object('language', $2::text) WHERE id = $1`,
      [r.user.user_id, language],
    )
  return { id: r.user.user_id, email, h: c.bearer(r.login_token) }
}

/** A notice mail of a list, written the way the features write theirs. */
const notice = (userId: number, list: 'cashback' | 'offers' = 'cashback') =>
  sendMemberMail(
    app.services,
    userId,
    (t, _lng, m) => ({ to: m.email, subject: t('mail-account:verify.subject'), body: 'A notice.' }),
    { list },
  )

const oneClickUrl = (mail: Mail) => {
  const header = mail.headers?.['List-Unsubscribe'] ?? ''
  const m = /<(https?:\/\/[^>]+\/api\/unsubscribe\/one-click\?token=[^>]+)>/.exec(header)
  if (!m) throw new Error(`no one-click URL in ${header}`)
  return new URL(m[1]!)
}

const oneClick = (
  url: URL,
  payload = 'List-Unsubscribe=One-Click',
  type = 'application/x-www-form-urlencoded',
) =>
  app.inject({ method: 'POST', url: url.pathname + url.search, headers: { 'content-type': type }, payload })

const settingsOf = async (h: Record<string, string>) => (await c.get('/api/account/settings', h)).body.data

describe('List-Unsubscribe headers (RFC 8058)', () => {
  it('a notice mail carries List-Unsubscribe (the one-click URL on PUBLIC_URL) and List-Unsubscribe-Post, and an unsubscribe link in its text', async () => {
    const m = await member()
    expect(await notice(m.id)).toBe(true)
    const [mail] = (await outbox(m.email)).filter((x) => x.body.startsWith('A notice.'))
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const url = oneClickUrl(mail!)
    expect(url.href.startsWith(`${app.services.publicUrl}/api/unsubscribe/one-click?token=`)).toBe(true)
    const page = mail!.links.find((l) => l.url.includes('/unsub/cashback?token='))
    expect(page?.label).toBe('Unsubscribe')
    expect(mail!.body).toContain(page!.url)
  })

  it('the cash back mail carries them too', async () => {
    const m = await member()
    const store = (await app.services.db.one<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 1'))!
    const change: ConversionChange = {
      conversionId: 1,
      userId: m.id,
      storeId: store.id,
      change: 'tracked',
      cashbackCents: 420,
      test: false,
    }
    await afterCashbackChanges(app.services, [change])
    const [mail] = (await outbox(m.email)).filter((x) => x.subject === 'Cash back tracked')
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(oneClickUrl(mail!).pathname).toBe('/api/unsubscribe/one-click')
  })

  it('transactional mails (verification, password reset, email change) carry none', async () => {
    const m = await member()
    expect((await c.post('/api/password/reset', { email: m.email })).status).toBe(200)
    expect((await c.post('/api/set-email', { email: `new-${m.email}` }, m.h)).status).toBe(200)
    const mails = [...(await outbox(m.email)), ...(await outbox(`new-${m.email}`))]
    expect(mails.map((x) => x.subject).sort()).toEqual(
      [
        'Confirm your new email',
        'Please verify your email',
        'Reset your password',
        'Your email is being changed',
      ].sort(),
    )
    for (const mail of mails) {
      expect(mail.headers?.['List-Unsubscribe']).toBeUndefined()
      expect(mail.headers?.['List-Unsubscribe-Post']).toBeUndefined()
    }
  })
})

describe('one-click unsubscribe: POST /api/unsubscribe/one-click', () => {
  it('turns the list off without a sign-in, and the settings say when and how', async () => {
    const m = await member()
    await notice(m.id)
    const url = oneClickUrl((await outbox(m.email)).find((x) => x.body.startsWith('A notice.'))!)
    const r = await oneClick(url)
    expect(r.statusCode).toBe(200)
    expect(r.json()).toMatchObject({ success: true, list: 'cashback' })
    const st = await settingsOf(m.h)
    expect(st.email_rebates).toBe(false)
    expect(st.email_offers).toBe(true)
    expect(st.unsubscribed.email_rebates.via).toBe('one_click')
    expect(Date.now() - Date.parse(st.unsubscribed.email_rebates.at)).toBeLessThan(60_000)
    // the member left the list: the next notice is not sent
    expect(await notice(m.id)).toBe(false)
  })

  it('takes the multipart form a receiver may send', async () => {
    const m = await member()
    await notice(m.id, 'offers')
    const url = oneClickUrl((await outbox(m.email)).find((x) => x.body.startsWith('A notice.'))!)
    const b = 'xYzZY'
    const body = `--${b}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${b}--\r\n`
    const r = await oneClick(url, body, `multipart/form-data; boundary=${b}`)
    expect(r.statusCode).toBe(200)
    expect((await settingsOf(m.h)).email_offers).toBe(false)
  })

  it('refuses a forged token or a body other than List-Unsubscribe=One-Click, and changes nothing', async () => {
    const m = await member()
    const other = await member()
    await notice(m.id)
    const url = oneClickUrl((await outbox(m.email)).find((x) => x.body.startsWith('A notice.'))!)
    const forged = new URL(url)
    forged.searchParams.set('token', url.searchParams.get('token')!.replace(/^\d+/, String(other.id)))
    expect((await oneClick(forged)).statusCode).toBe(400)
    expect((await oneClick(url, 'List-Unsubscribe=Something')).statusCode).toBe(400)
    expect((await oneClick(url, '')).statusCode).toBe(400)
    expect((await settingsOf(m.h)).email_rebates).toBe(true)
    expect((await settingsOf(other.h)).email_rebates).toBe(true)
  })
})

describe('one-click under load, and never in a log line', () => {
  it('50 concurrent one-click posts all answer, and the setting is off with its first note', async () => {
    const m = await member()
    await notice(m.id)
    const url = oneClickUrl((await outbox(m.email)).find((x) => x.body.startsWith('A notice.'))!)
    const first = await oneClick(url)
    const at = (await settingsOf(m.h)).unsubscribed.email_rebates.at
    const replies = await Promise.all(Array.from({ length: 50 }, () => oneClick(url)))
    expect(replies.map((r) => r.statusCode)).toEqual(Array(50).fill(200))
    expect(first.statusCode).toBe(200)
    const st = await settingsOf(m.h)
    expect(st.email_rebates).toBe(false)
    expect(st.unsubscribed.email_rebates).toEqual({ at, via: 'one_click' })
  })

  it("the one-click URL's token is redacted from the request log", async () => {
    const m = await member()
    await notice(m.id)
    const url = oneClickUrl((await outbox(m.email)).find((x) => x.body.startsWith('A notice.'))!)
    const token = url.searchParams.get('token')!
    const logged = redactUrl(url.pathname + url.search)
    expect(logged).toBe('/api/unsubscribe/one-click?token=[redacted]')
    expect(logged).not.toContain(token)
  })
})

describe('unsubscribe links (/unsub/<list>, /un) act through their signed token', () => {
  it("an offers token turns offers off, an 'all' token every list; a token of one list does not fit another member", async () => {
    const m = await member()
    const secret = await unsubSecret(app.services.db)
    const offers = await c.post('/api/unsubscribe', { token: unsubToken(secret, 'offers', m.id) })
    expect(offers.body).toMatchObject({ success: true, list: 'offers' })
    let st = await settingsOf(m.h)
    expect([st.email_offers, st.email_rebates]).toEqual([false, true])
    expect(st.unsubscribed.email_offers.via).toBe('link')
    const all = await c.post('/api/unsubscribe', { token: unsubToken(secret, 'all', m.id) })
    expect(all.body).toMatchObject({ success: true, list: 'all' })
    st = await settingsOf(m.h)
    expect([st.email_offers, st.email_rebates]).toEqual([false, false])
  })

  it('turning the switch on again in the settings clears the line', async () => {
    const m = await member()
    const secret = await unsubSecret(app.services.db)
    await c.post('/api/unsubscribe', { token: unsubToken(secret, 'cashback', m.id) })
    expect((await settingsOf(m.h)).unsubscribed.email_rebates).toBeTruthy()
    const r = await c.put('/api/account/settings', { email_rebates: true }, m.h)
    expect(r.body.data.email_rebates).toBe(true)
    expect(r.body.data.unsubscribed?.email_rebates).toBeUndefined()
  })
})

describe("every mail in the member's language", () => {
  it("a Spanish member's notice, password reset and email-change mails are in Spanish", async () => {
    const m = await member('es')
    await notice(m.id)
    await c.post('/api/password/reset', { email: m.email })
    await c.post('/api/set-email', { email: `nuevo-${m.email}` }, m.h)
    const subjects = [...(await outbox(m.email)), ...(await outbox(`nuevo-${m.email}`))].map((x) => x.subject)
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Restablece tu contraseña',
        'Tu correo electrónico está cambiando',
        'Confirma tu nuevo correo electrónico',
      ]),
    )
    const [mail] = (await outbox(m.email)).filter((x) => x.body.startsWith('A notice.'))
    expect(mail!.links.find((l) => l.url.includes('/unsub/'))?.label).toBe('Cancelar la suscripción')
  })

  it('a sign-up takes the language of the page it came from (its language cookie)', async () => {
    const email = `alta-${randomUUID()}@example.com`
    const r = await c.raw(
      'POST',
      '/api/web/register',
      {
        name: 'Socia',
        email,
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
      },
      { cookie: `${constants.languageCookieName}=es` },
    )
    expect(r.status).toBe(200)
    const [mail] = await outbox(email)
    expect(mail!.subject).toBe('Verifica tu correo electrónico')
    expect(mail!.links[0]!.label).toBe('Verificar mi correo')
    expect(mail!.links[0]!.url).toContain('/verify/')
    // and the member's later mails follow: the language is kept in the settings
    const st = await settingsOf(c.bearer(r.body.login_token))
    expect(st.language).toBe('es')
  })
})
