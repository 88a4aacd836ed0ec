import type { ChatMessage } from './chat-contract'

/** One server-sent event: its name ('message' when none is given), its data lines joined, its id. */
export interface StreamEvent {
  event: string
  data: string
  id?: string
}

/** One block of a text/event-stream (the lines between blank lines); undefined for a comment or a retry line. */
function parseBlock(block: string): StreamEvent | undefined {
  let event = 'message'
  let id: string | undefined
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
    else if (field === 'id') id = value
  }
  if (!data.length) return undefined
  return { event, data: data.join('\n'), ...(id === undefined ? {} : { id }) }
}

/**
 * Reads a text/event-stream body (the member's chat stream is read with fetch, since EventSource
 * cannot send the member's token header), calling `onEvent` for each event, until the body ends or
 * `signal` aborts (then it resolves quietly). A broken connection rejects.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: StreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const stop = () => void reader.cancel().catch(() => {})
  signal?.addEventListener('abort', stop)
  let buf = ''
  try {
    for (;;) {
      if (signal?.aborted) return
      const { done, value } = await reader.read()
      if (done || signal?.aborted) return
      // line ends: \r\n, \r or \n (a \r at the end of a chunk waits: its \n may come next)
      buf = (buf + decoder.decode(value, { stream: true })).replace(/\r\n|\r(?!$)/g, '\n')
      let cut = buf.indexOf('\n\n')
      while (cut >= 0) {
        const e = parseBlock(buf.slice(0, cut))
        buf = buf.slice(cut + 2)
        if (e) onEvent(e)
        cut = buf.indexOf('\n\n')
      }
    }
  } catch (e) {
    if (!signal?.aborted) throw e
  } finally {
    signal?.removeEventListener('abort', stop)
  }
}

export interface FollowChat {
  /** The id of the last message the screen has. */
  after: number
  /** Opens the conversation's event stream from after that id (api.ts chatEvents). */
  open: (after: number, signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>
  /** The messages after an id (the polling fallback: api.ts chatMessages). */
  poll: (after: number) => Promise<ChatMessage[]>
  pollMs: number
  onMessages: (messages: ChatMessage[]) => void
  /** The conversation's status changed (the agent closed it). */
  onStatus: (status: 'open' | 'closed') => void
}

/**
 * Follows a conversation live: the server's event stream hands on each new message as it is written
 * (the agent's answer without a reload). If the stream cannot open, or breaks, it asks for new
 * messages every `pollMs` instead, from the last message seen. Returns the function that stops it.
 */
export function followChat(o: FollowChat): () => void {
  const stop = new AbortController()
  let last = o.after
  let timer: ReturnType<typeof setTimeout> | undefined
  const take = (ms: ChatMessage[]) => {
    const fresh = ms.filter((m) => m.id > last)
    if (!fresh.length) return
    last = fresh.at(-1)!.id
    o.onMessages(fresh)
  }
  const poll = () => {
    if (stop.signal.aborted) return
    o.poll(last)
      .then(take, () => {})
      .finally(() => {
        if (!stop.signal.aborted) timer = setTimeout(poll, o.pollMs)
      })
  }
  const onEvent = (e: StreamEvent) => {
    try {
      if (e.event === 'message') take([JSON.parse(e.data) as ChatMessage])
      else if (e.event === 'status') o.onStatus((JSON.parse(e.data) as { status: 'open' | 'closed' }).status)
    } catch {
      // a malformed event is skipped
    }
  }
  o.open(last, stop.signal)
    .then((body) => readEventStream(body, onEvent, stop.signal))
    .catch(() => {})
    .then(() => {
      // polling, as before the stream: the first ask after pollMs
      if (!stop.signal.aborted) timer = setTimeout(poll, o.pollMs)
    })
  return () => {
    stop.abort()
    clearTimeout(timer)
  }
}
