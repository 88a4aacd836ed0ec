#!/usr/bin/env node
// npm run mailbox: the e-mails the server wrote to its outbox (no SMTP_URL), newest first: when, subject,
// to, and each link. The folder is OUTBOX_DIR, else <DATA_DIR>/outbox (DATA_DIR default .data/pglite),
// as the server picks it (server/startup.ts). `npm run mailbox -- 5` shows the newest 5 (default 20).
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = join(import.meta.dirname, '..')
const dataDir = process.env.DATA_DIR || '.data/pglite'
if (!process.env.OUTBOX_DIR && dataDir.startsWith('memory://')) {
  console.log(
    'DATA_DIR is memory://: the outbox is a temporary folder of that server; set OUTBOX_DIR on both.',
  )
  process.exit(0)
}
const dir = resolve(root, process.env.OUTBOX_DIR || join(dataDir, 'outbox'))
const limit = Number(process.argv[2] ?? 20) || 20
let names = []
try {
  names = readdirSync(dir).filter((f) => f.endsWith('.json'))
} catch {
  console.log(`No outbox at ${dir} yet: the server writes there when it sends its first e-mail.`)
  process.exit(0)
}
names.sort().reverse()
console.log(`Outbox ${dir}: ${names.length} message${names.length === 1 ? '' : 's'}, newest first\n`)
for (const f of names.slice(0, limit)) {
  try {
    const m = JSON.parse(readFileSync(join(dir, f), 'utf8'))
    console.log(`${m.created_at}  ${m.subject}`)
    console.log(`  to: ${m.to}`)
    for (const l of m.links ?? []) console.log(`  ${l.label}: ${l.url}`)
    console.log('')
  } catch {
    console.log(`${f}: not readable\n`)
  }
}
