const MAX_LIST_CHARS = 120

/** The list named by the /unsub/* splat: a known list's translated name, else the splat itself (as text). */
export function listLabel(splat: string | undefined, known: Record<string, string>): string | null {
  const raw = (splat ?? '').replace(/\/+$/, '').trim()
  if (!raw) return null
  const key = raw.toLowerCase()
  if (Object.hasOwn(known, key) && typeof known[key] === 'string') return known[key]
  return raw.length > MAX_LIST_CHARS ? `${raw.slice(0, MAX_LIST_CHARS)}…` : raw
}
