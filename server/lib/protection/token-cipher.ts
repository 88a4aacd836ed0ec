import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { Db } from '../../db/index.ts'
import type { Mode } from '../../types.ts'

/**
 * Providers' tokens are kept only encrypted: AES-256-GCM, a random IV per token, stored as one text
 * `v1:<iv>:<tag>:<ciphertext>` (base64url).
 */
export interface TokenCipher {
  encrypt(plain: string): string
  decrypt(stored: string): string
}

export function tokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The linked-accounts key must be 32 bytes.')
  return {
    encrypt(plain) {
      const iv = randomBytes(12)
      const c = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([c.update(plain, 'utf8'), c.final()])
      const b = (x: Buffer) => x.toString('base64url')
      return `v1:${b(iv)}:${b(c.getAuthTag())}:${b(data)}`
    },
    decrypt(stored) {
      const [v, iv, tag, data] = stored.split(':')
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown token format')
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      d.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8')
    },
  }
}

/** LINKED_ACCOUNTS_KEY as bytes: 64 hex digits or base64 (url-safe or not) of 32 bytes; else one clear error. */
export function parseKey(text: string): Buffer {
  const t = text.trim()
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64')
  if (key.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(t) && !/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)))
    throw new Error(
      `LINKED_ACCOUNTS_KEY must be 32 bytes as 64 hex digits or base64 (it is ${key.length} bytes); make one with: openssl rand -base64 32`,
    )
  return key
}

/** Where the key comes from (decided before the database is read, so a test can ask). */
export type KeyPlan =
  | { source: 'env'; key: Buffer }
  | { source: 'file'; path: string; legacyPath: string }
  | { source: 'memory' }
  | { source: 'settings' }
  | { source: 'none' }

/**
 * LINKED_ACCOUNTS_KEY wins. Without it: the embedded database keeps a key generated once beside its
 * folder, in DATA_DIR's parent (`.data/linked-accounts.key` for the default `.data/pglite`), so a copy
 * of the database folder does not carry the key; a key left inside the folder by an older version
 * (`<DATA_DIR>/linked-accounts.key`) is moved there once (memory:// a random one in memory); development and test runs on
 * PostgreSQL keep one in `settings`; production on PostgreSQL has none, so linking is off (a key kept
 * beside the tokens it protects would protect nothing).
 */
export function keyPlan(o: {
  envKey?: string | undefined
  databaseUrl?: string | undefined
  dataDir?: string
  mode: Mode
}): KeyPlan {
  if (o.envKey) return { source: 'env', key: parseKey(o.envKey) }
  if (o.databaseUrl) return o.mode === 'production' ? { source: 'none' } : { source: 'settings' }
  const dir = o.dataDir ?? '.data/pglite'
  if (dir.startsWith('memory://')) return { source: 'memory' }
  return {
    source: 'file',
    path: join(dirname(resolve(dir)) === resolve(dir) ? dir : dirname(dir), 'linked-accounts.key'),
    legacyPath: join(dir, 'linked-accounts.key'),
  }
}

export async function loadKey(plan: KeyPlan, db: Db): Promise<Buffer | null> {
  switch (plan.source) {
    case 'env':
      return plan.key
    case 'memory':
      return randomBytes(32)
    case 'none':
      return null
    case 'file': {
      mkdirSync(dirname(plan.path), { recursive: true })
      // once: the key an older version kept inside the database folder moves beside it (tokens still decrypt)
      // (copied then removed, not renamed: DATA_DIR may be another file system than its parent)
      if (!existsSync(plan.path) && existsSync(plan.legacyPath)) {
        const old = readFileSync(plan.legacyPath, 'utf8')
        try {
          writeFileSync(plan.path, old, { flag: 'wx', mode: 0o600 })
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
        }
        if (readFileSync(plan.path, 'utf8') === old) rmSync(plan.legacyPath, { force: true })
      }
      try {
        writeFileSync(plan.path, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 })
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      }
      chmodSync(plan.path, 0o600)
      return parseKey(readFileSync(plan.path, 'utf8'))
    }
    case 'settings': {
      await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
        'linked_accounts_key',
        randomBytes(32).toString('base64'),
      ])
      const row = await db.one<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
        'linked_accounts_key',
      ])
      return parseKey(row!.value)
    }
  }
}

export function describeKey(plan: KeyPlan): string {
  switch (plan.source) {
    case 'env':
      return 'key from LINKED_ACCOUNTS_KEY'
    case 'file':
      return `key kept in ${plan.path}`
    case 'memory':
      return 'a random key in memory (links are lost on exit)'
    case 'settings':
      return 'key kept in the database settings (development and test only)'
    case 'none':
      return 'no LINKED_ACCOUNTS_KEY: linking is off'
  }
}
