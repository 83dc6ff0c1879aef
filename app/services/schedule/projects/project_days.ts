/*
 * Calendar days as 'YYYY-MM-DD' strings, the way projects, day notes and day
 * info store them. The arithmetic runs in UTC so no time zone or daylight
 * saving change can move a day.
 */

const DAY_MS = 86_400_000
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const

/** Whether `value` is a real calendar day written 'YYYY-MM-DD' (2025-02-30 is not). */
export function isCalendarDay(value: string) {
  const match = DAY_PATTERN.exec(value)
  if (!match) {
    return false
  }
  const [year, month, day] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

function toTime(day: string) {
  return Date.parse(`${day}T00:00:00Z`)
}

function fromTime(time: number) {
  return new Date(time).toISOString().slice(0, 10)
}

export function addDays(day: string, count: number) {
  return fromTime(toTime(day) + count * DAY_MS)
}

/** Days from `from` to `to`: 0 for the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string) {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS)
}

/** Today in UTC, the server's notion of "today" for default ranges. */
export function today() {
  return fromTime(Date.now())
}

export function isWithin(day: string, start: string, end: string) {
  return day >= start && day <= end
}

/** "3 May 2025", for activity summaries. */
export function formatDay(day: string) {
  const [year, month, date] = day.split('-').map(Number)
  return `${date} ${MONTHS[month - 1]} ${year}`
}

/** "3 May 2025" for one day, "3 May 2025 – 5 May 2025" for a range. */
export function formatDays(start: string, end: string) {
  return start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`
}
