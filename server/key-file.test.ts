import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from './db/index.ts'
import { keyPlan, loadKey } from './lib/protection/token-cipher.ts'

/**
 * Issue 25, item 15: without LINKED_ACCOUNTS_KEY the embedded database's generated key is kept beside the
 * database folder (DATA_DIR is the PGlite folder), not inside it; a key left in the old place is moved once.
 */
const noDb = {} as Db
const dirs: string[] = []
function tempDataDir() {
  const root = mkdtempSync(join(tmpdir(), 'rewards-key-'))
  dirs.push(root)
  const dataDir = join(root, 'pglite')
  mkdirSync(dataDir)
  return { root, dataDir }
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('the linked-accounts key file', () => {
  it('is planned beside the database folder, in the parent of DATA_DIR', () => {
    const { root, dataDir } = tempDataDir()
    expect(keyPlan({ mode: 'production', dataDir })).toEqual({
      source: 'file',
      path: join(root, 'linked-accounts.key'),
      legacyPath: join(dataDir, 'linked-accounts.key'),
    })
    expect(keyPlan({ mode: 'production' })).toMatchObject({ path: join('.data', 'linked-accounts.key') })
  })

  it('a new key is generated there (owner-only), never inside the database folder, and kept', async () => {
    const { root, dataDir } = tempDataDir()
    const plan = keyPlan({ mode: 'production', dataDir })
    const key = await loadKey(plan, noDb)
    expect(key).toHaveLength(32)
    expect(existsSync(join(dataDir, 'linked-accounts.key'))).toBe(false)
    expect(statSync(join(root, 'linked-accounts.key')).mode & 0o777).toBe(0o600)
    expect(await loadKey(plan, noDb)).toEqual(key)
  })

  it('a key in the old place (inside the database folder) is moved once, so old tokens still decrypt', async () => {
    const { root, dataDir } = tempDataDir()
    const old = Buffer.alloc(32, 7).toString('base64')
    writeFileSync(join(dataDir, 'linked-accounts.key'), old, { mode: 0o600 })
    const plan = keyPlan({ mode: 'production', dataDir })
    expect(await loadKey(plan, noDb)).toEqual(Buffer.alloc(32, 7))
    expect(existsSync(join(dataDir, 'linked-accounts.key'))).toBe(false)
    expect(readFileSync(join(root, 'linked-accounts.key'), 'utf8')).toBe(old)
    // the next start reads the moved key
    expect(await loadKey(plan, noDb)).toEqual(Buffer.alloc(32, 7))
  })

  it('when both exist, the key beside the folder wins and the old one is left alone', async () => {
    const { root, dataDir } = tempDataDir()
    writeFileSync(join(root, 'linked-accounts.key'), Buffer.alloc(32, 1).toString('base64'))
    writeFileSync(join(dataDir, 'linked-accounts.key'), Buffer.alloc(32, 2).toString('base64'))
    expect(await loadKey(keyPlan({ mode: 'production', dataDir }), noDb)).toEqual(Buffer.alloc(32, 1))
    expect(existsSync(join(dataDir, 'linked-accounts.key'))).toBe(true)
  })
})
