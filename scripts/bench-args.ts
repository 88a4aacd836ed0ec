import { randomBytes } from 'node:crypto'

/** A bench's command-line option `--name value`: its value, or undefined when it is not given. */
export function arg(name: string): string | undefined {
  const args = process.argv.slice(2)
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}

/** The PostgreSQL database a bench runs on (--database-url, else BENCH_DATABASE_URL); none: embedded PGlite. */
export const benchDatabaseUrl = (): string | undefined =>
  arg('database-url') ?? process.env.BENCH_DATABASE_URL

/** buildServer's database for a bench in this process: a schema of its own on PostgreSQL (dropped on close), else an in-memory PGlite. */
export const benchDatabase = (databaseUrl: string | undefined) =>
  databaseUrl
    ? { databaseUrl, schema: `bench_${randomBytes(4).toString('hex')}`, dropSchema: true }
    : { dataDir: 'memory://' }
