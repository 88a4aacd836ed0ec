import { describe, expect, it, vi } from 'vitest'
import { hashPassword, lowerPasswordCostInVitest, OWASP_COST, verifyPassword } from './password.ts'

describe('password hashing (scrypt)', () => {
  it("makes new hashes at OWASP's cost, N=2^17, r=8, p=1, unless Vitest lowered it", async () => {
    vi.resetModules()
    const fresh = await import('./password.ts')
    const hash = await fresh.hashPassword('correct horse battery')
    const [alg, n, r, p, salt, key] = hash.split('$')
    expect([alg, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 17, 8, 1])
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16)
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32)
    expect(await fresh.verifyPassword('correct horse battery', hash)).toBe(true)
  }, 20_000)

  it('verifies a hash by the parameters stored with it, whatever the cost new hashes use', async () => {
    const strong = await hashPassword('correct horse battery', OWASP_COST)
    const cheap = await hashPassword('correct horse battery')
    expect(cheap.split('$')[1]).toBe(String(2 ** 10))
    expect(await verifyPassword('correct horse battery', strong)).toBe(true)
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true)
    expect(await verifyPassword('correct horse batterY', strong)).toBe(false)
    expect(await verifyPassword('correct horse batterY', cheap)).toBe(false)
  }, 20_000)

  it('refuses an account without a password and a hash in another format', async () => {
    expect(await verifyPassword('x', null)).toBe(false)
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false)
  })

  it('lowers the cost only under Vitest', () => {
    const was = process.env.VITEST
    delete process.env.VITEST
    try {
      expect(() => lowerPasswordCostInVitest()).toThrow('only in Vitest')
    } finally {
      process.env.VITEST = was
    }
  })
})
