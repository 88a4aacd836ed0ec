const seen = new Set<string>()

/**
 * Bad input (a malformed cookie, an odd pixel reply, a failed beacon) is dropped quietly; in
 * development it is reported once per kind so a developer notices without flooding the console.
 */
export function reportOnce(kind: string, detail?: unknown): void {
  if (!import.meta.env?.DEV || seen.has(kind)) return
  seen.add(kind)
  console.warn(`[tracking] ${kind}`, detail ?? '')
}
