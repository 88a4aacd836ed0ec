import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

/**
 * Files members upload (issue 27: rebate claim receipts), by key. The default keeps them on disk under
 * `DATA_DIR/uploads`; a bucket (S3, GCS, ...) implements the same four calls and replaces it in
 * server/app.ts. Keys are made by the server (`receipts/<user>/<random>`), never by the member.
 */
export interface UploadStore {
  put(key: string, bytes: Buffer): Promise<void>
  /** null when there is no such file */
  get(key: string): Promise<Buffer | null>
  /** deleting a missing file is not an error */
  delete(key: string): Promise<void>
  /** its line in the start-up summary */
  describe(): string
}

const KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i

/** A key for a new upload under `prefix` (letters, digits, '_' and '-'; '/' between parts). */
export const newUploadKey = (prefix: string) => `${prefix}/${randomBytes(18).toString('base64url')}`

/** Files in a folder; a key is a relative path that cannot leave it. */
export function diskUploads(dir: string): UploadStore {
  const root = resolve(dir)
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('bad upload key')
    return join(root, key)
  }
  return {
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // written whole, then renamed: a reader never sees half a file
      const tmp = `${path}.${randomBytes(6).toString('hex')}.part`
      await writeFile(tmp, bytes, { mode: 0o600 })
      await rename(tmp, path)
    },
    async get(key) {
      try {
        return await readFile(pathOf(key))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    describe: () => `folder ${root}`,
  }
}

/**
 * The uploads of a server: `<dataDir>/uploads`, or for `memory://` a temporary folder that `close`
 * removes (the server calls it on close).
 */
export function defaultUploads(dataDir: string): { store: UploadStore; close: () => void } {
  if (dataDir.startsWith('memory://')) {
    const dir = mkdtempSync(join(tmpdir(), 'rewards-uploads-'))
    const store = diskUploads(dir)
    return {
      store: { ...store, describe: () => `temporary folder ${dir} (removed on exit)` },
      close: () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  const dir = join(dataDir, 'uploads')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  return { store: diskUploads(dir), close: () => {} }
}
