import { useRef } from 'react'

/**
 * One idempotency key per attempt: made once when the form appears, kept for a double click and for a
 * retry after a network failure (the first request may have been booked: the server answers a
 * replayed key with its first answer), and renewed only when the server said nothing was booked or
 * after the request succeeded.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null)
  key.current ??= crypto.randomUUID()
  return {
    get current(): string {
      return key.current!
    },
    renew() {
      key.current = crypto.randomUUID()
    },
  }
}
