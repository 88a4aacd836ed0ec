import { constants, HttpError, useApp } from '@core'
import { useEffect, useState } from 'react'
import { coinsApi } from '../api'
import type { AttemptReply } from '../contract'

export type Attempt = AttemptReply['data']

/**
 * What the member sees of an attempt after leaving the platform: checking (the first read), pending
 * (no postback yet: polled every surveyStatusPollMs), its end (completed, screened out, reversed),
 * still pending after surveyStatusPollMaxMs (told honestly, polling stops), no such attempt, a
 * visitor, or a failed first read. The page never credits anything: it reads what the platform booked.
 */
export type AttemptView =
  | { phase: 'checking' }
  | { phase: 'pending' | 'completed' | 'screened_out' | 'reversed' | 'timeout'; attempt: Attempt }
  | { phase: 'none' }
  | { phase: 'visitor' }
  | { phase: 'error'; error: unknown }

/** The next view from a read of the attempt (or its failure) and the time spent polling. */
export function nextView(
  read: { attempt: Attempt } | { error: unknown },
  elapsedMs: number,
  before: AttemptView,
  maxMs: number = constants.coins.surveyStatusPollMaxMs,
): AttemptView {
  if ('error' in read) {
    const e = read.error
    if (e instanceof HttpError && e.status === 401) return { phase: 'visitor' }
    if (e instanceof HttpError && e.status === 404) return { phase: 'none' }
    // a failed poll while pending keeps the last answer (the next poll may get through)
    if (before.phase === 'pending') return elapsedMs >= maxMs ? { ...before, phase: 'timeout' } : before
    return { phase: 'error', error: e }
  }
  const a = read.attempt
  if (a.status === 'started') return { phase: elapsedMs >= maxMs ? 'timeout' : 'pending', attempt: a }
  return { phase: a.status, attempt: a }
}

/** Whether a view is waiting for another poll. */
export const polling = (v: AttemptView) => v.phase === 'checking' || v.phase === 'pending'

/**
 * Reads an attempt of the member (the given one, else their latest on the platform) and polls it
 * while it is pending. When it turns completed or reversed, the session is read again so the header's
 * coin balance follows. `enabled` false (a visitor): nothing is asked.
 */
export function useAttemptStatus(platform: string, attempt: string | null, enabled = true) {
  const { services } = useApp()
  const [view, setView] = useState<AttemptView>(enabled ? { phase: 'checking' } : { phase: 'visitor' })
  const [round, setRound] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt, a sign-in or a retry starts over
  useEffect(() => {
    if (!enabled) {
      setView({ phase: 'visitor' })
      return
    }
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const started = Date.now()
    let current: AttemptView = { phase: 'checking' }
    setView(current)
    const api = coinsApi(services.http)
    const tick = async () => {
      let read: { attempt: Attempt } | { error: unknown }
      try {
        read = { attempt: (await api.attempt(platform, attempt)).data }
      } catch (error) {
        read = { error }
      }
      if (!live) return
      const next = nextView(read, Date.now() - started, current)
      const turned = current.phase !== next.phase
      current = next
      setView(next)
      if (turned && (next.phase === 'completed' || next.phase === 'reversed')) void services.session.resync()
      if (polling(next)) timer = setTimeout(tick, constants.coins.surveyStatusPollMs)
    }
    void tick()
    return () => {
      live = false
      if (timer) clearTimeout(timer)
    }
  }, [platform, attempt, enabled, round])

  return { view, retry: () => setRound((n) => n + 1) }
}
