import { useSyncExternalStore } from 'react'
import type { StaffMe } from './contract'

/**
 * The signed-in staff member as the guard last read it (/api/staff/me): one small store for the
 * console's screens (useStaff), apart from the member session of the shopper side.
 */
let current: StaffMe | undefined
const listeners = new Set<() => void>()

export function setStaff(me: StaffMe | undefined) {
  current = me
  for (const l of listeners) l()
}

export const staffNow = () => current

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** The signed-in staff member (id, email, name, role, settings…), or undefined before the guard read it. */
export const useStaff = (): StaffMe | undefined => useSyncExternalStore(subscribe, staffNow, staffNow)
