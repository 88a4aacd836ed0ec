// The log scanner of issue 25 ("no one-time link, code or token in any log line"): finds the lines of a
// server log that carry what looks like one of our secrets. Used after the end-to-end run
// (tests/e2e/global-teardown.ts reads the servers' logs in .tmp/); the server log itself redacts them
// (server/lib/log-redact.ts). Unit-tested in tests/unit/log-secrets.test.ts.
import { join, resolve } from 'node:path'

/** Where an end-to-end server writes its stdout and stderr (playwright.config.ts), read after the run. */
export function e2eServerLog(brand: string, port: number): string {
  return join(resolve(import.meta.dirname, '../..'), '.tmp', `e2e-server-${brand}-${port}.log`)
}

/** What our secrets look like in a line, each with a name for the report. */
export const SECRET_PATTERNS: [string, RegExp][] = [
  // a mailed link's token: /verify/<token>, /password/reset/<token>/<email>, /token/callback/<token>
  [
    'one-time link',
    /\/(?:verify|pverify|password\/reset|password\/set|email\/confirm|email\/undo|token\/callback)\/(?!\[redacted\])[A-Za-z0-9_%.=-]{16,}/i,
  ],
  // a code or token in a query string (/mobile/authorized?code=…, ?xd=1&token=…)
  ['code or token parameter', /[?&](?:code|token|login_token|state)=(?!\[redacted\])[A-Za-z0-9_%.-]{6,}/i],
  // a login token (HS256 JWT)
  ['login token', /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/],
  // an SMS code: "code is 123456", "code: 123456", "code=123456", "code":"123456"
  ['text message code', /\bcode\b["']?\s*(?:is|:|=)?\s*["']?\d{4,8}\b/i],
  // a token or its hash as 64 hex digits
  ['64-hex token', /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/i],
  // 32 random bytes as base64url (one-time tokens, mobile codes): 43 characters of all three kinds
  [
    'base64url token',
    /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]{0,42}[A-Z])(?=[A-Za-z0-9_-]{0,42}[a-z])(?=[A-Za-z0-9_-]{0,42}[0-9])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/,
  ],
]

/** A line of a log that carries a secret (line is 1-based). */
export interface Finding {
  line: number
  kind: string
  text: string
}

/** The lines of `text` that carry a secret. */
export function findSecrets(text: string): Finding[] {
  const found: Finding[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    for (const [kind, re] of SECRET_PATTERNS) {
      if (re.test(line)) {
        found.push({ line: i + 1, kind, text: line.length > 300 ? `${line.slice(0, 300)}…` : line })
        break
      }
    }
  }
  return found
}

/** One report line per finding, `file:line: kind: text`. */
export function describeFindings(file: string, found: Finding[]): string[] {
  return found.map((f) => `${file}:${f.line}: ${f.kind}: ${f.text}`)
}
