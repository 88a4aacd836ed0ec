// Finds a Chromium for the browser tests, or installs Debian's when running as root.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
)

/**
 * Flags for Chromium on these machines: no sandbox (root), no GPU, and none of its own network calls
 * (the closed network refuses them). Used by Playwright, the bench and the Lighthouse script.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function findChromium() {
  return CANDIDATES.find((p) => existsSync(p))
}

export function ensureChromium() {
  const found = findChromium()
  if (found) return found
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    throw new Error(
      'No Chromium found. Install Debian\'s package as root: "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).',
    )
  }
  console.log("Installing Debian's chromium (apt-get)…")
  execFileSync(
    'sh',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null'],
    {
      stdio: 'inherit',
    },
  )
  const now = findChromium()
  if (!now) throw new Error('apt-get finished but /usr/bin/chromium is still missing.')
  return now
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium())
