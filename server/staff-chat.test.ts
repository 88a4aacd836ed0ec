import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatOpen } from '../plugins/account/contract.ts'
import { chatBusOf } from './lib/staff/chat-bus.ts'
import { client, staffMember, testServer, verifiedMember } from './test-helpers.ts'

let app: FastifyInstance
let base: string
let cl: ReturnType<typeof client>
/** Both instances of the PostgreSQL bus test sign members' tokens alike. */
const jwtSecret = randomBytes(32).toString('hex')

/** The first half hour from now (forward) when the chat is open. */
function nextOpenHour(): Date {
  const t = new Date()
  t.setUTCMinutes(30, 0, 0)
  for (let i = 0; i < 24 * 8; i++, t.setTime(t.getTime() + 3_600_000)) if (chatOpen(t)) return new Date(t)
  throw new Error('no open hour in a week')
}

/** A new member whose chat clock is moved into business hours (test-mode route), with an open conversation. */
async function memberInChat() {
  const m = await verifiedMember(app)
  const clock = await cl.post('/api/dev/chat/clock', { email: m.email, at: nextOpenHour().toISOString() })
  expect(clock.status).toBe(200)
  const start = await cl.post('/api/chat/conversations', {}, m.h)
  expect(start.status).toBe(200)
  return { ...m, conversationId: start.body.data.id as number }
}

const auditRows = (action: string, target: string) =>
  app.services.db.query<{ staff_id: number; before: unknown; after: Record<string, unknown> }>(
    'SELECT staff_id, before, after FROM staff_audit WHERE action = $1 AND target = $2 ORDER BY id',
    [action, target],
  )

/** Reads a server-sent-events stream until `until` holds of the events read so far. */
async function readEvents(
  res: Response,
  until: (events: { event: string; data: string; id?: string }[]) => boolean,
  ms = 5000,
) {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const events: { event: string; data: string; id?: string }[] = []
  let buf = ''
  const deadline = Date.now() + ms
  try {
    while (!until(events)) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`stream: not there in ${ms} ms: ${JSON.stringify(events)}`)
      const r = await Promise.race([
        reader.read(),
        new Promise<never>((_, no) => setTimeout(() => no(new Error('stream timed out')), left)),
      ])
      if (r.done) break
      buf += decoder.decode(r.value, { stream: true })
      let cut = buf.indexOf('\n\n')
      while (cut >= 0) {
        const block = buf.slice(0, cut)
        buf = buf.slice(cut + 2)
        const e: { event: string; data: string; id?: string } = { event: 'message', data: '' }
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) e.event = line.slice(7)
          else if (line.startsWith('data: ')) e.data = line.slice(6)
          else if (line.startsWith('id: ')) e.id = line.slice(4)
        }
        if (e.data) events.push(e)
        cut = buf.indexOf('\n\n')
      }
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  return events
}

beforeAll(async () => {
  app = await testServer({ jwtSecret })
  cl = client(app)
  base = await app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => app?.close())

describe('staff chat: roles', () => {
  it('admits support and admin; refuses finance, a member token and no session', async () => {
    const support = await staffMember(app, 'support')
    const admin = await staffMember(app, 'admin')
    const finance = await staffMember(app, 'finance')
    const member = await verifiedMember(app)
    expect((await cl.get('/api/staff/chat/conversations', support.h)).status).toBe(200)
    expect((await cl.get('/api/staff/chat/conversations', admin.h)).status).toBe(200)
    const wrong = await cl.get('/api/staff/chat/conversations', finance.h)
    expect([wrong.status, wrong.body.code]).toEqual([403, 'staff_role'])
    const byMember = await cl.get('/api/staff/chat/conversations', member.h)
    expect([byMember.status, byMember.body.code]).toEqual([403, 'staff_only'])
    const events = await fetch(`${base}/api/staff/chat/events`, { headers: { cookie: finance.h.cookie } })
    expect(events.status).toBe(403)
    expect((await fetch(`${base}/api/staff/chat/events`)).status).toBe(401)
  })
})

describe('staff chat: waiting, take, answer, close', () => {
  it('lists a new conversation as waiting with the member and their last message', async () => {
    const m = await memberInChat()
    await cl.post(
      `/api/chat/conversations/${m.conversationId}/messages`,
      { body: 'Where is my cash back?' },
      m.h,
    )
    const support = await staffMember(app, 'support')
    const list = await cl.get('/api/staff/chat/conversations', support.h)
    const row = list.body.data.waiting.find((c: { id: number }) => c.id === m.conversationId)
    expect(row).toMatchObject({
      status: 'open',
      member: { id: m.id, email: m.email },
      agent: null,
      last_member_message: 'Where is my cash back?',
    })
    expect(list.body.data.mine).toEqual([])
  })

  it('gives a conversation to exactly one of 50 agents taking it at once, audited once', async () => {
    const m = await memberInChat()
    const agents = await Promise.all(Array.from({ length: 50 }, () => staffMember(app, 'support')))
    const replies = await Promise.all(
      agents.map((a) => cl.post(`/api/staff/chat/conversations/${m.conversationId}/take`, {}, a.h)),
    )
    const won = replies.flatMap((r, i) => (r.status === 200 ? [agents[i]!] : []))
    expect(won).toHaveLength(1)
    const lost = replies.filter((r) => r.status !== 200)
    expect(lost.map((r) => [r.status, r.body.code])).toEqual(lost.map(() => [409, 'chat_taken']))
    const row = await app.services.db.one<{ agent_id: number }>(
      'SELECT agent_id FROM chat_conversations WHERE id = $1',
      [m.conversationId],
    )
    expect(row!.agent_id).toBe(won[0]!.id)
    const rows = await auditRows('chat.take', `chat:${m.conversationId}`)
    expect(rows).toEqual([expect.objectContaining({ staff_id: won[0]!.id, before: { agent_id: null } })])
    expect(rows[0]!.after.agent_id).toBe(won[0]!.id)
    // the winner taking it again changes nothing; it is no longer waiting, and it is the winner's
    expect(
      (await cl.post(`/api/staff/chat/conversations/${m.conversationId}/take`, {}, won[0]!.h)).status,
    ).toBe(200)
    expect(await auditRows('chat.take', `chat:${m.conversationId}`)).toHaveLength(1)
    const list = await cl.get('/api/staff/chat/conversations', won[0]!.h)
    expect(list.body.data.waiting.map((c: { id: number }) => c.id)).not.toContain(m.conversationId)
    expect(list.body.data.mine.map((c: { id: number }) => c.id)).toEqual([m.conversationId])
  })

  it('lets only the owner answer and close; the member reads the answer; each action is audited', async () => {
    const m = await memberInChat()
    const owner = await staffMember(app, 'support')
    const other = await staffMember(app, 'admin')
    const id = m.conversationId
    const early = await cl.post(`/api/staff/chat/conversations/${id}/messages`, { body: 'Hi' }, owner.h)
    expect([early.status, early.body.code]).toEqual([409, 'chat_not_yours'])
    expect((await cl.post(`/api/staff/chat/conversations/${id}/take`, {}, owner.h)).status).toBe(200)

    const answer = await cl.post(
      `/api/staff/chat/conversations/${id}/messages`,
      { body: '  I am looking into it.  ' },
      owner.h,
    )
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ author: 'agent', body: 'I am looking into it.' })
    const notYours = await cl.post(
      `/api/staff/chat/conversations/${id}/messages`,
      { body: 'Me too' },
      other.h,
    )
    expect([notYours.status, notYours.body.code]).toEqual([409, 'chat_not_yours'])
    const empty = await cl.post(`/api/staff/chat/conversations/${id}/messages`, { body: '  ' }, owner.h)
    expect(empty.status).toBe(422)

    const seen = await cl.get(`/api/chat/conversations/${id}/messages`, m.h)
    expect(seen.body.data.map((x: { author: string; body: string }) => [x.author, x.body])).toEqual([
      ['system', 'welcome'],
      ['system', 'joined'],
      ['agent', 'I am looking into it.'],
    ])
    const reply = await auditRows('chat.reply', `chat:${id}`)
    expect(reply).toEqual([
      expect.objectContaining({
        staff_id: owner.id,
        after: { message_id: answer.body.data.id, body: 'I am looking into it.' },
      }),
    ])
    const agentView = await cl.get(`/api/staff/chat/conversations/${id}`, other.h)
    expect(agentView.body.data.messages.at(-1)).toMatchObject({ author: 'agent', staff_name: 'Test support' })

    expect((await cl.post(`/api/staff/chat/conversations/${id}/close`, {}, other.h)).body.code).toBe(
      'chat_not_yours',
    )
    const closed = await cl.post(`/api/staff/chat/conversations/${id}/close`, {}, owner.h)
    expect(closed.status).toBe(200)
    expect(closed.body.data.status).toBe('closed')
    expect(await auditRows('chat.close', `chat:${id}`)).toEqual([
      expect.objectContaining({
        staff_id: owner.id,
        before: { status: 'open' },
        after: { status: 'closed' },
      }),
    ])
    const again = await cl.post(`/api/staff/chat/conversations/${id}/close`, {}, owner.h)
    expect([again.status, again.body.code]).toEqual([409, 'chat_conversation_closed'])
    const late = await cl.post(`/api/staff/chat/conversations/${id}/take`, {}, other.h)
    expect([late.status, late.body.code]).toEqual([409, 'chat_conversation_closed'])
    // the member's conversation has ended: a new start opens another one
    expect((await cl.get('/api/chat/conversations/current', m.h)).body.data).toBeNull()
    expect((await cl.get('/api/staff/chat/conversations/2147483647', owner.h)).status).toBe(404)
  })
})

describe('staff chat: live streams', () => {
  it("delivers the agent's answer and the end to the member's stream, and the member's message to the agents' stream", async () => {
    const m = await memberInChat()
    const agent = await staffMember(app, 'support')
    const id = m.conversationId
    const welcome = (await cl.get(`/api/chat/conversations/${id}/messages`, m.h)).body.data.at(-1)
      .id as number

    const agents = await fetch(`${base}/api/staff/chat/events`, { headers: { cookie: agent.h.cookie } })
    expect(agents.status).toBe(200)
    expect(agents.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const heard = readEvents(agents, (es) =>
      es.some((e) => e.event === 'changed' && JSON.parse(e.data).kind === 'message'),
    )
    await cl.post(`/api/chat/conversations/${id}/messages`, { body: 'Anyone there?' }, m.h)
    expect((await heard).filter((e) => e.event === 'changed').map((e) => JSON.parse(e.data))).toContainEqual({
      conversation_id: id,
      kind: 'message',
    })

    const member = await fetch(`${base}/api/chat/conversations/${id}/events?after=${welcome}`, {
      headers: { authorization: m.h.authorization },
    })
    expect(member.status).toBe(200)
    const got = readEvents(member, (es) => es.some((e) => e.event === 'status'))
    await cl.post(`/api/staff/chat/conversations/${id}/take`, {}, agent.h)
    const answer = await cl.post(
      `/api/staff/chat/conversations/${id}/messages`,
      { body: 'Yes, I am here.' },
      agent.h,
    )
    await cl.post(`/api/staff/chat/conversations/${id}/close`, {}, agent.h)
    const events = await got
    const messages = events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data))
    // the catch-up after the welcome (the member's own message), then the live ones, each once, in order
    expect(messages.map((x) => [x.author, x.body])).toEqual([
      ['member', 'Anyone there?'],
      ['system', 'joined'],
      ['agent', 'Yes, I am here.'],
      ['system', 'ended'],
    ])
    expect(events.find((e) => e.data.includes('Yes, I am here.'))!.id).toBe(String(answer.body.data.id))
    expect(events.filter((e) => e.event === 'status').map((e) => JSON.parse(e.data))).toEqual([
      { status: 'closed' },
    ])
  })

  it("refuses the member's stream without a token and on another member's conversation", async () => {
    const m = await memberInChat()
    const stranger = await verifiedMember(app)
    expect((await fetch(`${base}/api/chat/conversations/${m.conversationId}/events`)).status).toBe(401)
    const other = await fetch(`${base}/api/chat/conversations/${m.conversationId}/events`, {
      headers: { authorization: stranger.h.authorization },
    })
    expect(other.status).toBe(404)
  })
})

describe('staff chat: the bus between instances', () => {
  it('carries a change to the streams of another instance through pg_notify and listens again after a lost connection on PostgreSQL (in-process on PGlite)', async () => {
    const db = app.services.db
    const m = await memberInChat()
    const agent = await staffMember(app, 'support')
    const id = m.conversationId
    await cl.post(`/api/staff/chat/conversations/${id}/take`, {}, agent.h)
    if (db.kind === 'pglite') {
      // one process holds the database: the bus delivers in-process, at once
      const heard: unknown[] = []
      const off = chatBusOf(db).subscribe((e) => heard.push(e))
      await chatBusOf(db).publish({ conversation_id: id, kind: 'message' })
      off()
      expect(heard).toEqual([{ conversation_id: id, kind: 'message' }])
      return
    }
    // a second server on the same schema holds the member's stream; the agent answers through the first
    const schema = (await db.one<{ s: string }>('SELECT current_schema() AS s'))!.s
    const second = await testServer({ schema, dropSchema: false, seed: false, jwtSecret })
    try {
      const secondBase = await second.listen({ host: '127.0.0.1', port: 0 })
      const last = (await cl.get(`/api/chat/conversations/${id}/messages`, m.h)).body.data.at(-1).id as number
      const stream = await fetch(`${secondBase}/api/chat/conversations/${id}/events?after=${last}`, {
        headers: { authorization: m.h.authorization },
      })
      expect(stream.status).toBe(200)
      const got = readEvents(stream, (es) => es.some((e) => e.data.includes('From the first instance')))
      await cl.post(
        `/api/staff/chat/conversations/${id}/messages`,
        { body: 'From the first instance' },
        agent.h,
      )
      expect((await got).map((e) => [e.event, JSON.parse(e.data).author])).toEqual([['message', 'agent']])

      // the LISTEN connections are lost: the open stream ends (its page falls back), a new one hears again
      const memberStream = async () => {
        const after = (await cl.get(`/api/chat/conversations/${id}/messages`, m.h)).body.data.at(-1).id
        return fetch(`${secondBase}/api/chat/conversations/${id}/events?after=${after}`, {
          headers: { authorization: m.h.authorization },
        })
      }
      const cut = readEvents(await memberStream(), () => false)
      await db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1', [
        `LISTEN "chat_${schema}"`,
      ])
      expect(await cut).toEqual([])
      const heard = readEvents(await memberStream(), (es) => es.some((e) => e.data.includes('After the cut')))
      await cl.post(`/api/staff/chat/conversations/${id}/messages`, { body: 'After the cut' }, agent.h)
      expect((await heard).map((e) => JSON.parse(e.data).body)).toEqual(['After the cut'])
    } finally {
      // fetch (undici) keeps a spare connection open that has carried no request: not the server's to wait for
      second.server.closeAllConnections()
      await second.close()
    }
  })
})
