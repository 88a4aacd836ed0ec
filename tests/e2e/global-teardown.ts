import { existsSync, readFileSync } from 'node:fs'
import { describeFindings, e2eServerLog, findSecrets } from './log-secrets'

/**
 * After the end-to-end run (issue 25): the logs of its servers (playwright.config.ts writes each
 * server's stdout and stderr, at LOG_LEVEL=debug, to .tmp/e2e-server-<brand>-<port>.log) carry no
 * one-time link, code or token. A line that does fails the run, listed with its file and number.
 */
export default async function globalTeardown() {
  const base = Number(process.env.E2E_PORT ?? 3100)
  const found: string[] = []
  for (const [brand, port] of [
    ['default', base],
    ['shipnow', base + 1],
  ] as const) {
    const file = e2eServerLog(brand, port)
    if (!existsSync(file)) continue
    found.push(...describeFindings(file, findSecrets(readFileSync(file, 'utf8'))))
  }
  if (found.length)
    throw new Error(
      `${found.length} line(s) of the end-to-end servers' logs carry a one-time link, code or token:\n${found.join('\n')}`,
    )
}
