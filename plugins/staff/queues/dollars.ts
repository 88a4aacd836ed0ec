/**
 * A positive dollar amount as staff type it for a claim's approval or an inquiry's manual credit
 * ('12', '12.5', '$1,250.05') in cents; null for zero, a sign, more than two decimals or any other text.
 */
export function positiveCents(text: string): number | null {
  const m = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) return null
  const cents = Number(m[1]!.replaceAll(',', '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  return cents > 0 ? cents : null
}
