import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios'
import { describe, expect, it, vi } from 'vitest'
import { createHttpClient, HttpError, normaliseError } from './client'

function axiosError(code: string | undefined, message: string, status?: number, data?: unknown) {
  const config = { headers: new AxiosHeaders() }
  const response = status ? { status, data, statusText: '', headers: {}, config } : undefined
  return new AxiosError(message, code, config, {}, response as never)
}

describe('HTTP errors normalised to the spec texts (SPEC 8)', () => {
  it('status errors carry the status and the server errors object', () => {
    const e = normaliseError(axiosError('ERR_BAD_REQUEST', 'x', 422, { errors: { email: ['taken'] } }))
    expect(e.message).toBe('Request failed with status code 422')
    expect(e.status).toBe(422)
    expect(e.firstError).toBe('taken')
  })
  it('network, aborted and timeout', () => {
    expect(normaliseError(axiosError('ERR_NETWORK', 'Network Error')).message).toBe('Network Error')
    expect(normaliseError(axiosError('ERR_CANCELED', 'canceled')).message).toBe('Request aborted')
    const t = normaliseError(axiosError('ECONNABORTED', 'timeout of 15000ms exceeded'))
    expect(t.kind).toBe('timeout')
    expect(t.message).toBe('timeout of 15000ms exceeded')
    expect(normaliseError(new Error('x'))).toBeInstanceOf(HttpError)
  })
})

describe('bearer header (SPEC 4 "Auth status")', () => {
  it('is sent once set on login and no longer after logout', async () => {
    const sent: (string | undefined)[] = []
    const adapter = async (cfg: InternalAxiosRequestConfig) => {
      sent.push(cfg.headers.get('Authorization') as string | undefined)
      return { data: {}, status: 200, statusText: '', headers: {}, config: cfg }
    }
    const http = createHttpClient('', undefined, { adapter })
    await http.get('/api/a')
    http.setBearer('abc')
    await http.post('/api/b', { x: 1 })
    await http.put('/api/c', {})
    http.clearBearer()
    await http.delete('/api/d')
    expect(sent).toEqual([undefined, 'Bearer abc', 'Bearer abc', undefined])
  })
})

describe('axios loads with the first call to the network (issue 17: not in the first view of a drawn page)', () => {
  it('a client whose calls are all answered from the page never loads axios', async () => {
    vi.resetModules()
    const loaded = vi.fn()
    vi.doMock('axios', async (orig) => {
      loaded()
      return orig()
    })
    const { createHttpClient: fresh } = await import('./client')
    const http = fresh('', { '/api/home?lang=en': { status: 200, body: { drawn: true } } })
    http.setBearer('t')
    expect(await http.get('/api/home', { params: { lang: 'en' } })).toEqual({ drawn: true })
    expect(loaded).not.toHaveBeenCalled()
    // the first call that goes out loads it (and fails here: no server), as a network error
    await expect(http.get('/api/other')).rejects.toMatchObject({ name: 'HttpError' })
    expect(loaded).toHaveBeenCalledTimes(1)
    vi.doUnmock('axios')
  })
  it('the first request goes out in a task after the one that evaluated axios (issue 30: two short tasks, not one long)', async () => {
    vi.resetModules()
    // a timer set when axios has been evaluated runs at the start of the next task
    let nextTaskBegun = false
    vi.doMock('axios', async (orig) => {
      const m = await orig()
      setTimeout(() => {
        nextTaskBegun = true
      }, 0)
      return m
    })
    const { createHttpClient: fresh } = await import('./client')
    const sentInNextTask: boolean[] = []
    const http = fresh('', undefined, {
      adapter: async (cfg) => {
        sentInNextTask.push(nextTaskBegun)
        return { data: { ok: true }, status: 200, statusText: 'OK', headers: {}, config: cfg }
      },
    })
    expect(await http.get('/api/first')).toEqual({ ok: true })
    // the second call finds axios ready and goes out at once
    expect(await http.get('/api/second')).toEqual({ ok: true })
    expect(sentInNextTask).toEqual([true, true])
    vi.doUnmock('axios')
  })
  it('a failed request and a status error are the client’s HttpError with the spec texts', async () => {
    const http = createHttpClient('', undefined, {
      adapter: async (cfg) => {
        throw axiosError('ERR_BAD_REQUEST', 'x', 404, { errors: { id: ['Not found'] } }) ?? cfg
      },
    })
    const e = await http.get('/api/x').catch((x: unknown) => x)
    expect(e).toBeInstanceOf(HttpError)
    expect((e as HttpError).message).toBe('Request failed with status code 404')
    expect((e as HttpError).firstError).toBe('Not found')
  })
})
