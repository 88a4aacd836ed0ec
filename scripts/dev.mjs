#!/usr/bin/env node
// npm run dev: the API server in development mode (dev mailbox, /api/dev/*, dev social login, the demo
// member) on PORT (3000), beside `rsbuild dev` on DEV_PORT (8080), which proxies /api and /landers to it.
// Ctrl-C stops both; when one exits, the other is stopped too.
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
// the browser uses the rsbuild dev server, so mail links and callbacks are written with its address
const env = {
  PUBLIC_URL: `http://localhost:${process.env.DEV_PORT ?? 8080}`,
  ...process.env,
  NODE_ENV: 'development',
}
const children = [
  spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'server/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, [join(root, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'dev'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
]
let stopping = false
const stop = (code) => {
  if (stopping) return
  stopping = true
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  process.exitCode = code
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(0))
for (const c of children) c.on('exit', (code) => stop(code ?? 0))
