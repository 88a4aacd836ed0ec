import { constants } from '@core/contract'

/** Business hours as config/constants.json gives them. */
export type ChatHours = Pick<typeof constants.chat, 'timeZone' | 'days' | 'openHour' | 'closeHour'>

/** The weekday (0 = Sunday) and hour of `at` in the hours' time zone. */
function zoned(at: Date, timeZone: string): { day: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at)
  const wd = parts.find((p) => p.type === 'weekday')?.value ?? 'Sun'
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0)
  return { day: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(wd), hour }
}

/** Whether the live chat is open at `at` (the client and the server ask the same function). */
export function chatOpen(at: Date = new Date(), hours: ChatHours = constants.chat): boolean {
  const { day, hour } = zoned(at, hours.timeZone)
  return hours.days.includes(day) && hour >= hours.openHour && hour < hours.closeHour
}
