import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto'

interface ScryptCost {
  N: number
  r: number
  p: number
}
/** OWASP's floor for scrypt: N=2^17, r=8, p=1. Needs 128 MiB, above node's 32 MiB default maxmem. */
export const OWASP_COST: Readonly<ScryptCost> = { N: 2 ** 17, r: 8, p: 1 }
const keyLen = 32
const maxmem = 256 * 1024 * 1024
/** The cost new hashes are made at: OWASP's, except in Vitest's server tests (lowerPasswordCostInVitest). */
let cost: Readonly<ScryptCost> = OWASP_COST

/**
 * The server tests' cost (tests/setup-server.ts): a hash at OWASP's cost is half a second of a core by
 * design, and the server tests register and sign in hundreds of members. Only under Vitest (it throws
 * elsewhere); every stored hash carries its parameters, so verification never depends on this.
 * password.test.ts checks OWASP's cost itself.
 */
export function lowerPasswordCostInVitest(N = 2 ** 10) {
  if (!process.env.VITEST) throw new Error('the password cost is lowered only in Vitest')
  cost = { ...OWASP_COST, N }
}

function scrypt(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keyLen, { N, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash`, both base64url, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, at: ScryptCost = cost): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, at)
  return `scrypt$${at.N}$${at.r}$${at.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Same cost for unknown accounts, so timing does not tell which emails exist.
    await scrypt(password, dummySalt, cost)
    return false
  }
  const [alg, n, rr, pp, salt, hash] = stored.split('$')
  if (alg !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

const dummySalt = randomBytes(16)
