import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { chatOpen } from '../plugins/account/contract.ts'
import { constants } from '../src/config/constants.ts'
import { client, testServer } from './test-helpers.ts'

let app: FastifyInstance
let c: ReturnType<typeof client>
let demo: Record<string, string>
let other: Record<string, string>

/** The first whole hour from today (forward) when the chat is open, or closed. */
function nextHour(open: boolean): Date {
  const t = new Date()
  t.setUTCMinutes(30, 0, 0)
  for (let i = 0; i < 24 * 8; i++, t.setTime(t.getTime() + 3_600_000))
    if (chatOpen(t) === open) return new Date(t)
  throw new Error('no such hour in a week')
}
/** Only Date is faked: the database and the timers keep real time. */
const at = (d: Date) => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(d)
}

beforeAll(async () => {
  app = await testServer()
  c = client(app)
  demo = c.bearer(await c.login())
  other = c.bearer((await c.register('chat-other@example.com')).login_token)
})
afterEach(() => {
  vi.useRealTimers()
})
afterAll(() => app?.close())

describe('business hours', () => {
  it('follow config: open on a configured weekday inside the hours, closed outside', () => {
    const open = nextHour(true)
    const closed = nextHour(false)
    expect(chatOpen(open)).toBe(true)
    expect(chatOpen(closed)).toBe(false)
    // the hours come from the configuration given: no day open, or every hour of every day
    expect(chatOpen(open, { ...constants.chat, days: [] })).toBe(false)
    expect(
      chatOpen(closed, { ...constants.chat, days: [0, 1, 2, 3, 4, 5, 6], openHour: 0, closeHour: 24 }),
    ).toBe(true)
  })
})

describe('live chat', () => {
  it('needs sign-in for every call', async () => {
    expect((await c.get('/api/chat/conversations/current')).status).toBe(401)
    expect((await c.post('/api/chat/conversations')).status).toBe(401)
    expect((await c.get('/api/chat/conversations/1/messages')).status).toBe(401)
    expect((await c.post('/api/chat/conversations/1/messages', { body: 'hi' })).status).toBe(401)
  })

  it('refuses to start outside business hours, with its code', async () => {
    at(nextHour(false))
    const r = await c.post('/api/chat/conversations', {}, demo)
    expect(r.status).toBe(409)
    expect(r.body.code).toBe('chat_closed')
    expect((await c.get('/api/chat/conversations/current', demo)).body).toEqual({ open: false, data: null })
  })

  it('starts one conversation per member, stores messages, lists them after an id', async () => {
    at(nextHour(true))
    const start = await c.post('/api/chat/conversations', {}, demo)
    expect(start.status).toBe(200)
    const id = start.body.data.id as number
    expect(start.body.data.messages).toEqual([expect.objectContaining({ author: 'system', body: 'welcome' })])
    // starting again gives the same open conversation
    expect((await c.post('/api/chat/conversations', {}, demo)).body.data.id).toBe(id)
    const sent = await c.post(
      `/api/chat/conversations/${id}/messages`,
      { body: '  Where is my cash back?  ' },
      demo,
    )
    expect(sent.status).toBe(200)
    expect(sent.body.data).toMatchObject({ author: 'member', body: 'Where is my cash back?' })
    const all = await c.get(`/api/chat/conversations/${id}/messages`, demo)
    expect(all.body.data.map((m: { author: string }) => m.author)).toEqual(['system', 'member'])
    const after = await c.get(`/api/chat/conversations/${id}/messages?after=${sent.body.data.id}`, demo)
    expect(after.body.data).toEqual([])
    const current = await c.get('/api/chat/conversations/current', demo)
    expect(current.body.open).toBe(true)
    expect(current.body.data.messages).toHaveLength(2)

    // another member sees neither the conversation nor its messages, nor can post to it
    expect((await c.get(`/api/chat/conversations/${id}/messages`, other)).status).toBe(404)
    expect((await c.post(`/api/chat/conversations/${id}/messages`, { body: 'hi' }, other)).status).toBe(404)
    expect((await c.get('/api/chat/conversations/current', other)).body.data).toBeNull()

    // ended: no more messages; a new start opens a new conversation
    expect((await c.post(`/api/chat/conversations/${id}/close`, {}, demo)).body.success).toBe(true)
    const late = await c.post(`/api/chat/conversations/${id}/messages`, { body: 'hello?' }, demo)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('chat_conversation_closed')
    expect((await c.post('/api/chat/conversations', {}, demo)).body.data.id).not.toBe(id)
  })

  it('validates the message on the server: empty and over-long bodies get field errors with codes', async () => {
    at(nextHour(true))
    const id = (await c.post('/api/chat/conversations', {}, other)).body.data.id
    const empty = await c.post(`/api/chat/conversations/${id}/messages`, { body: '   ' }, other)
    expect(empty.status).toBe(422)
    expect(empty.body.codes.body).toBe('too_short')
    const long = 'x'.repeat(constants.chat.messageMaxLength + 1)
    const over = await c.post(`/api/chat/conversations/${id}/messages`, { body: long }, other)
    expect(over.status).toBe(422)
    expect(over.body.codes.body).toBe('too_long')
    expect((await c.get('/api/chat/conversations/abc/messages', other)).status).toBe(422)
  })

  it(`rate limits a member to ${constants.chat.messagesPerMinute} messages a minute`, async () => {
    at(nextHour(true))
    const m = c.bearer((await c.register('chat-flood@example.com')).login_token)
    const id = (await c.post('/api/chat/conversations', {}, m)).body.data.id // one of the allowance
    const codes: number[] = []
    for (let i = 0; i < constants.chat.messagesPerMinute; i++)
      codes.push((await c.post(`/api/chat/conversations/${id}/messages`, { body: `m${i}` }, m)).status)
    expect(codes.slice(0, -1).every((x) => x === 200)).toBe(true)
    expect(codes.at(-1)).toBe(429)
    const stored = await c.get(`/api/chat/conversations/${id}/messages`, m)
    expect(stored.body.data.filter((x: { author: string }) => x.author === 'member')).toHaveLength(
      constants.chat.messagesPerMinute - 1,
    )
  })
})
