import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createCookies, createEventBus, type Services } from '@core'
import { describe, expect, it, vi } from 'vitest'
import { AuthStore } from './model'
import { runFlow } from './run-flow'

const source = (file: string) => readFileSync(join(import.meta.dirname, file), 'utf8')

describe('auth model and flows: one-way dependency', () => {
  it('the model never loads the flows (no import of ./flows or ./run-flow, static or dynamic)', () => {
    expect(source('model.ts')).not.toMatch(/['"]\.\/(flows|run-flow)['"]/)
  })
  it('the flows reach the model only through the store they are given and its exported helpers', () => {
    const imports = [...source('flows.ts').matchAll(/from '(\.\/[^']+)'/g)].map((m) => m[1])
    expect(imports.filter((p) => p !== './api' && p !== './contract' && p !== './model')).toEqual([])
  })
  it('runFlow loads the flows chunk on first use and runs the named flow on the store', async () => {
    const post = vi.fn(async () => ({ success: true }))
    const services = {
      http: { post },
      events: createEventBus(),
      cookies: createCookies(''),
      config: { brand: {} },
    } as unknown as Services
    const auth = AuthStore.create({}, services)
    expect(await runFlow('resendVerification', auth)).toBe(true)
    expect(post).toHaveBeenCalledWith('/api/verify/resend', {})
  })
})
