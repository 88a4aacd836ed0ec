/**
 * A signed dollar amount as staff type it for an adjustment ('25', '-12.50', '+$1,250.05') in cents;
 * null when it is not one (more than 2 decimals, a stray character) or when it is zero.
 */
export function signedCents(text: string): number | null {
  const m = /^([+-]?)\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) return null
  const cents = Number(m[2]!.replaceAll(',', '')) * 100 + Number((m[3] ?? '').padEnd(2, '0'))
  if (cents === 0) return null
  return m[1] === '-' ? -cents : cents
}
