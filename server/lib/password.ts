import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto'

// OWASP's floor for scrypt: N=2^17, r=8, p=1. Needs 128 MiB, above node's 32 MiB default maxmem.
const N = 2 ** 17
const r = 8
const p = 1
const keyLen = 32
const maxmem = 256 * 1024 * 1024

function scrypt(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keyLen, { N: n, r: rr, p: pp, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash`, both base64url, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, N, r, p)
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Same cost for unknown accounts, so timing does not tell which emails exist.
    await scrypt(password, dummySalt, N, r, p)
    return false
  }
  const [alg, n, rr, pp, salt, hash] = stored.split('$')
  if (alg !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(rr), Number(pp))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

const dummySalt = randomBytes(16)
