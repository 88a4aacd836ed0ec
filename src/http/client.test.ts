import { AxiosError, AxiosHeaders } from 'axios'
import { describe, expect, it } from 'vitest'
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
  it('is set on login and removed on logout', () => {
    const http = createHttpClient('')
    http.setBearer('abc')
    expect(http.axios.defaults.headers.common.Authorization).toBe('Bearer abc')
    http.clearBearer()
    expect(http.axios.defaults.headers.common.Authorization).toBeUndefined()
  })
})
