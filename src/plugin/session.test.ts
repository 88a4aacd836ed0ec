import { describe, expect, it } from 'vitest'
import { definePlugin } from './define'
import { provideSession, type Session, signedOutSession } from './session'
import type { PluginContext } from './types'

const ctx = { store: {}, services: {} } as PluginContext
const fake = (token: string): Session => ({ ...signedOutSession, authenticated: true, token })

describe('the session capability', () => {
  it('is signed out when no enabled plugin provides it', async () => {
    const s = provideSession([definePlugin({ name: 'legal' })], ctx)
    expect(s).toBe(signedOutSession)
    expect(s.authenticated).toBe(false)
    expect(s.member).toBeNull()
    expect(s.token).toBeNull()
    await expect(s.register({ name: 'a', email: 'a@b.co', password: 'x' })).rejects.toThrow(/sign-up is off/)
  })
  it('is the one plugin’s that provides it, made with the plugin context', () => {
    let seen: PluginContext | null = null
    const auth = definePlugin({
      name: 'auth',
      provides: {
        session: (c) => {
          seen = c
          return fake('t1')
        },
      },
    })
    const s = provideSession([definePlugin({ name: 'legal' }), auth], ctx)
    expect(s.token).toBe('t1')
    expect(seen).toBe(ctx)
  })
  it('refuses two providers', () => {
    const a = definePlugin({ name: 'a', provides: { session: () => fake('a') } })
    const b = definePlugin({ name: 'b', provides: { session: () => fake('b') } })
    expect(() => provideSession([a, b], ctx)).toThrow(/both 'a' and 'b'/)
  })
})
