import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChatMessage } from './chat-contract'
import { followChat, readEventStream, type StreamEvent } from './chat-live'

/** A body that yields these chunks (as a network would cut them), then ends, or stays open. */
function body(chunks: string[], stayOpen = false): ReadableStream<Uint8Array> {
  const enc = new TextEncoder()
  return new ReadableStream({
    start(c) {
      for (const x of chunks) c.enqueue(enc.encode(x))
      if (!stayOpen) c.close()
    },
  })
}

const msg = (id: number, text = `m${id}`): ChatMessage => ({
  id,
  author: 'agent',
  body: text,
  created_at: new Date(0).toISOString(),
})

afterEach(() => {
  vi.useRealTimers()
})

describe('readEventStream', () => {
  it('parses events cut anywhere, with ids and multi-line data, and skips comments and retry lines', async () => {
    const events: StreamEvent[] = []
    await readEventStream(
      body([
        'retry: 3000\n\n: ping\n\nevent: mess',
        'age\nid: 7\ndata: {"a":1}\n',
        '\nevent: status\r\ndata: one\r',
        '\ndata: two\r\n\r\ndata: plain\n\n',
      ]),
      (e) => events.push(e),
    )
    expect(events).toEqual([
      { event: 'message', id: '7', data: '{"a":1}' },
      { event: 'status', data: 'one\ntwo' },
      { event: 'message', data: 'plain' },
    ])
  })

  it('stops reading when its signal aborts', async () => {
    const stop = new AbortController()
    const events: StreamEvent[] = []
    const done = readEventStream(body(['data: first\n\n'], true), (e) => events.push(e), stop.signal)
    await vi.waitFor(() => expect(events).toHaveLength(1))
    stop.abort()
    await expect(done).resolves.toBeUndefined()
  })
})

describe('followChat', () => {
  it('hands on each message of the stream once and the end of the conversation, without polling', async () => {
    const got: ChatMessage[] = []
    const statuses: string[] = []
    const poll = vi.fn(async () => [])
    const open = vi.fn(async (_after: number) =>
      body(
        [
          `event: message\nid: 5\ndata: ${JSON.stringify(msg(5, 'Hello'))}\n\n`,
          `event: message\nid: 5\ndata: ${JSON.stringify(msg(5, 'Hello'))}\n\n`,
          `event: message\nid: 6\ndata: ${JSON.stringify(msg(6, 'Bye'))}\n\n`,
          'event: status\ndata: {"status":"closed"}\n\n',
        ],
        true,
      ),
    )
    const stop = followChat({
      after: 4,
      open,
      poll,
      pollMs: 10,
      onMessages: (ms) => got.push(...ms),
      onStatus: (s) => statuses.push(s),
    })
    await vi.waitFor(() => expect(statuses).toEqual(['closed']))
    stop()
    expect(open).toHaveBeenCalledWith(4, expect.any(AbortSignal))
    expect(got.map((m) => m.body)).toEqual(['Hello', 'Bye'])
    expect(poll).not.toHaveBeenCalled()
  })

  it('falls back to polling after the last message seen when the stream cannot open', async () => {
    const got: ChatMessage[] = []
    const poll = vi.fn(async (after: number) => (after < 9 ? [msg(9, 'By polling')] : []))
    const stop = followChat({
      after: 8,
      open: async () => {
        throw new Error('no stream')
      },
      poll,
      pollMs: 10,
      onMessages: (ms) => got.push(...ms),
      onStatus: () => {},
    })
    await vi.waitFor(() => expect(poll.mock.calls.length).toBeGreaterThanOrEqual(2))
    stop()
    const calls = poll.mock.calls.length
    await new Promise((r) => setTimeout(r, 50))
    expect(poll.mock.calls.length).toBe(calls)
    expect(poll.mock.calls[0]).toEqual([8])
    expect(poll.mock.calls[1]).toEqual([9])
    expect(got.map((m) => m.body)).toEqual(['By polling'])
  })

  it('falls back to polling when an open stream breaks, from the last message it delivered', async () => {
    const poll = vi.fn(async () => [])
    const stop = followChat({
      after: 1,
      open: async () => body([`event: message\nid: 3\ndata: ${JSON.stringify(msg(3))}\n\n`]),
      poll,
      pollMs: 10,
      onMessages: () => {},
      onStatus: () => {},
    })
    await vi.waitFor(() => expect(poll).toHaveBeenCalledWith(3))
    stop()
  })
})
