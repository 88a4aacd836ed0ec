import type { HttpClient } from '@core'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChatPanel } from './ChatPanel'
import type { ChatMessage } from './chat-contract'
import { fakeHttp, makeI18n, renderWith } from './test-utils'

const at = new Date(0).toISOString()
const welcome: ChatMessage = { id: 1, author: 'system', body: 'welcome', created_at: at }

/** The conversation's event stream as the server sends it, held open until `finish` is called. */
function liveStream() {
  const enc = new TextEncoder()
  let ctl!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      ctl = c
    },
  })
  return {
    body,
    send: (event: string, data: unknown, id?: number) =>
      ctl.enqueue(enc.encode(`event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`)),
  }
}

describe('ChatPanel: live updates', () => {
  it("shows the agent's answer from the stream without asking again, then the end of the chat", async () => {
    const stream = liveStream()
    const { http: base, calls } = fakeHttp({
      'GET /api/chat/conversations/current': () => ({
        open: true,
        data: { id: 5, status: 'open', created_at: at, messages: [welcome] },
      }),
    })
    const opened: unknown[] = []
    const http = {
      ...base,
      request: async (config: unknown) => {
        opened.push(config)
        return { data: stream.body }
      },
    } as unknown as HttpClient
    renderWith(<ChatPanel />, { i18n: await makeI18n('en'), http })
    const log = await screen.findByRole('log')
    await waitFor(() => expect(opened).toHaveLength(1))
    expect(opened[0]).toMatchObject({ url: '/api/chat/conversations/5/events', params: { after: 1 } })

    stream.send('message', { id: 2, author: 'system', body: 'joined', created_at: at }, 2)
    stream.send('message', { id: 3, author: 'agent', body: 'Hi, I can help.', created_at: at }, 3)
    await waitFor(() => expect(log.textContent).toMatch('Agent: Hi, I can help.'))
    expect(log.textContent).toMatch('An agent has joined the chat.')

    stream.send('status', { status: 'closed' })
    expect(
      await screen.findByText('This chat has ended. Start a new one if you need more help.'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Start a new chat' })).toBeTruthy()
    expect(screen.queryByLabelText('Your message')).toBeNull()
    // the transcript stays; nothing was polled
    expect(log.textContent).toMatch('Hi, I can help.')
    expect(calls.filter((c) => c.url.endsWith('/messages'))).toEqual([])
  })
})
